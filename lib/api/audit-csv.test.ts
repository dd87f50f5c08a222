import { describe, expect, it } from "vitest";
import type { AuditEventDto } from "@/lib/services/audit/read";
import { AUDIT_CSV_COLUMNS, auditCsv } from "./audit-csv";

const event = (id: number, overrides: Partial<AuditEventDto> = {}): AuditEventDto => ({
  id,
  at: "2025-05-03T10:00:00.000Z",
  action: "lookup.address",
  description: "Looked up an address",
  outcome: "allowed",
  actor: { ref: "u-0123456789abcdef", email: "officer@example.com", role: "loan_officer", partnerSiteId: null },
  subjectRef: null,
  ownerId: null,
  propertyId: "42",
  address: "2800 N 24th St, Phoenix, AZ 85008",
  detail: { count: 3 },
  ip: "203.0.113.9",
  requestId: "req-1",
  ...overrides,
});

async function* events(count: number, read: { count: number; returned: boolean }) {
  try {
    for (let id = count; id > 0; id--) {
      read.count += 1;
      yield event(id);
    }
  } finally {
    read.returned = true;
  }
}

const textOf = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("the activity log's CSV", () => {
  it("is the header alone when nothing matches", async () => {
    expect(await textOf(auditCsv(events(0, { count: 0, returned: false })))).toBe(`${AUDIT_CSV_COLUMNS.join(",")}\r\n`);
  });

  it("writes every event in the columns' order, the detail as JSON, and quotes what needs it", async () => {
    const text = await textOf(auditCsv(events(1, { count: 0, returned: false })));
    expect(text.split("\r\n")[1]).toBe(
      '1,2025-05-03T10:00:00.000Z,lookup.address,Looked up an address,allowed,officer@example.com,loan_officer,u-0123456789abcdef,,,,42,"2800 N 24th St, Phoenix, AZ 85008","{""count"":3}",203.0.113.9,req-1',
    );
  });

  it("neutralizes cells a spreadsheet would run as a formula", async () => {
    async function* hostile() {
      yield event(1, {
        actor: { ref: null, email: "-cmd@example.com", role: null, partnerSiteId: null },
        address: "=HYPERLINK(1)",
        requestId: "@x",
      });
    }
    const [, row] = (await textOf(auditCsv(hostile()))).split("\r\n");
    expect(row).toContain(",'-cmd@example.com,");
    expect(row).toContain(",'=HYPERLINK(1),");
    expect(row!.endsWith(",'@x")).toBe(true);
  });

  it("sends a large log in chunks, all of it, once", async () => {
    const read = { count: 0, returned: false };
    const text = await textOf(auditCsv(events(450, read)));
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(451);
    expect(lines[1]!.startsWith("450,")).toBe(true);
    expect(lines.at(-1)!.startsWith("1,")).toBe(true);
    expect(read.count).toBe(450);
  });

  it("stops reading the log when the reader goes away", async () => {
    const read = { count: 0, returned: false };
    const reader = auditCsv(events(10_000, read)).getReader();
    await reader.read(); // the header
    await reader.read(); // the first chunk
    await reader.cancel();
    expect(read.returned).toBe(true);
    expect(read.count).toBeLessThan(10_000);
  });
});
