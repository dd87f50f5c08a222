import "server-only";
import Papa from "papaparse";
import { csvCell } from "@/lib/format/csv";
import { log } from "@/lib/log";
import type { AuditEventDto } from "@/lib/services/audit/read";

/** The CSV's columns, in order (the header of an empty export too). */
export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "action",
  "description",
  "outcome",
  "actor_email",
  "actor_role",
  "actor_ref",
  "partner_site_id",
  "subject_ref",
  "owner_id",
  "property_id",
  "address",
  "detail",
  "ip",
  "request_id",
] as const;

// Rows per chunk of the stream: enough that a large log is not sent a line at a time, small enough to start at once.
const ROWS_PER_CHUNK = 200;

const cellsOf = (event: AuditEventDto) =>
  [
    event.id,
    event.at,
    event.action,
    event.description,
    event.outcome,
    event.actor.email,
    event.actor.role,
    event.actor.ref,
    event.actor.partnerSiteId,
    event.subjectRef,
    event.ownerId,
    event.propertyId,
    event.address,
    event.detail ? JSON.stringify(event.detail) : null,
    event.ip,
    event.requestId,
  ].map(csvCell);

// Every cell is made safe to open in a spreadsheet first (a leading ' before = + - @ tab CR), as the clients export
// does.
const lines = (rows: (string | number)[][]) => `${Papa.unparse(rows, { newline: "\r\n" })}\r\n`;

/**
 * Events as CSV, streamed: the header at once, then the rows as the database gives them (a page at a time), so a
 * seven-year log is never held in memory. A reader who goes away stops the reading.
 */
export function auditCsv(rows: AsyncGenerator<AuditEventDto>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(lines([[...AUDIT_CSV_COLUMNS]])));
    },
    async pull(controller) {
      try {
        const chunk: (string | number)[][] = [];
        while (chunk.length < ROWS_PER_CHUNK) {
          const next = await rows.next();
          if (next.done) break;
          chunk.push(cellsOf(next.value));
        }
        if (chunk.length) controller.enqueue(encoder.encode(lines(chunk)));
        if (chunk.length < ROWS_PER_CHUNK) controller.close();
      } catch (error) {
        // The headers are gone already: the file ends short, and the reader's download fails rather than looks whole.
        log.error({ err: error }, "audit: the CSV export failed while streaming");
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
