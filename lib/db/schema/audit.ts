import { bigint, index, integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { app } from "./namespaces";

export const AUDIT_OUTCOMES = ["allowed", "refused", "failed"] as const;

export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The activity log (lib/services/audit/log.ts): every read of private data and every security event, append-only and
 * chained: `hash` is the SHA-256 of the row's content and the previous row's hash. The personal columns (who by id and
 * email, the client's address) are sealed by `pii_digest` instead of entering the hash themselves, so deleting an
 * account can erase them and the chain still verifies; `actor_ref` stays as the person's pseudonym.
 */
export const auditEvents = app.table(
  "audit_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    action: text().notNull(),
    outcome: text({ enum: AUDIT_OUTCOMES }).notNull(),
    /** The actor's pseudonym (an HMAC of the account id), the role they acted in, the partner site for its members. */
    actorRef: text("actor_ref"),
    actorRole: text("actor_role"),
    partnerSiteId: integer("partner_site_id"),
    /** The account an action was about (a role changed, factors reset), by pseudonym. */
    subjectRef: text("subject_ref"),
    ownerId: text("owner_id"),
    propertyId: text("property_id"),
    /** The address as standardized, and its key (what the homeowner's access log matches on). */
    address: text(),
    addressKey: text("address_key"),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
    requestId: text("request_id"),
    /** Personal data, erased when the account is deleted: sealed by pii_digest = SHA-256 of these and the salt. */
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    ip: text(),
    piiSalt: text("pii_salt"),
    piiDigest: text("pii_digest").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text().notNull(),
    /**
     * Which AUDIT_HMAC_KEY keyed `hash` (the first 8 hex digits of the key's SHA-256); none: a row from before the key.
     */
    keyId: text("key_id"),
  },
  (t) => [
    index("audit_events_at").on(t.at),
    index("audit_events_actor").on(t.actorId, t.id),
    index("audit_events_address").on(t.addressKey, t.id),
    index("audit_events_owner").on(t.ownerId, t.id),
    index("audit_events_action").on(t.action, t.id),
  ],
);

/**
 * Rows the log could not write (the database refused them): each set aside on its own with the error, so one bad row
 * never holds back the rows behind it. Counted in /api/metrics; an admin reads them beside the log.
 */
export const auditDeadLetters = app.table("audit_dead_letters", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  action: text().notNull(),
  /** The row as JSON text (JSON escapes what jsonb refuses, so it always fits). */
  payload: text().notNull(),
  error: text().notNull(),
});
