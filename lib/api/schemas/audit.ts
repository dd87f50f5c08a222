import { z } from "zod";
import { AUDIT_OUTCOMES } from "@/lib/db/schema";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/services/audit/log";

/** What the audit log's filters accept (`/api/admin/audit` and its page). */

/**
 * A moment of the log's filters: a date (YYYY-MM-DD, in UTC) or an ISO date and time. A date as `to` means the end of
 * that day, so "from 3 May to 3 May" is the whole of 3 May.
 */
const LogInstant = (field: string, edge: "start" | "end") =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${field} must be a date as YYYY-MM-DD, or an ISO date and time`,
    })
    .transform((value) =>
      value.length === 10
        ? new Date(`${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`)
        : new Date(value),
    );
const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
export const AuditQuery = z
  .object({
    actor: z
      .string()
      .trim()
      .max(320, "actor must be at most 320 characters")
      .optional()
      .describe("The email of who acted (exact, any case)"),
    propertyId: z
      .string()
      .trim()
      .max(40, "propertyId must be at most 40 characters")
      .optional()
      .describe("The property's id"),
    address: z
      .string()
      .trim()
      .max(300, "address must be at most 300 characters")
      .optional()
      .describe("Part of the standardized address"),
    action: z
      .enum(AUDIT_ACTION_NAMES, { error: "action must be one of the log's actions (see /admin/audit)" })
      .optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: "outcome must be allowed, refused or failed" }).optional(),
    from: LogInstant("from", "start").optional().describe("From this moment; a date is from its start (UTC)"),
    to: LogInstant("to", "end").optional().describe("Up to this moment; a date includes the whole day (UTC)"),
    before: z.coerce
      .number({ error: "before must be an event id" })
      .int("before must be an event id")
      .positive("before must be an event id")
      .optional()
      .describe("The next page: the previous answer's nextBefore"),
    limit: z.coerce
      .number({ error: "limit must be a whole number from 1 to 200" })
      .int("limit must be a whole number from 1 to 200")
      .min(1, "limit must be a whole number from 1 to 200")
      .max(200, "limit must be a whole number from 1 to 200")
      .default(50),
    format: z
      .enum(["json", "csv"], { error: "format must be json or csv" })
      .default("json")
      .describe("csv: every matching event as one file"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    error: "to must not be before from",
  });
