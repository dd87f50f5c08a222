import "server-only";
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { auditEvents, type AuditOutcome } from "@/lib/db/schema";
import { auditSettled } from "./log";
import { AUDIT_ACTIONS, labelOf, type AuditAction } from "./labels";

// The admin's reading of the log: its filters, a page at a time, and every row for the CSV export.

type Stored = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  /** The actor's email (exact, any case). */
  actor?: string;
  propertyId?: string;
  /** Part of the standardized address. */
  address?: string;
  action?: AuditAction;
  outcome?: AuditOutcome;
  from?: Date;
  to?: Date;
}

export interface AuditEventDto {
  id: number;
  at: string;
  action: string;
  description: string;
  outcome: AuditOutcome;
  actor: { ref: string | null; email: string | null; role: string | null; partnerSiteId: number | null };
  subjectRef: string | null;
  ownerId: string | null;
  propertyId: string | null;
  address: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  ip: string | null;
  requestId: string | null;
}

/** A row's words for its action and outcome: a refusal reads as one (see labels.ts). */
export const auditLabel = (action: string, outcome: AuditOutcome, reason?: unknown): string =>
  labelOf(action, outcome, AUDIT_ACTIONS[action as AuditAction], reason);

export const toAuditEventDto = (row: Stored): AuditEventDto => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  description: auditLabel(row.action, row.outcome, row.detail?.reason),
  outcome: row.outcome,
  actor: { ref: row.actorRef, email: row.actorEmail, role: row.actorRole, partnerSiteId: row.partnerSiteId },
  subjectRef: row.subjectRef,
  ownerId: row.ownerId,
  propertyId: row.propertyId,
  address: row.address,
  detail: row.detail,
  ip: row.ip,
  requestId: row.requestId,
});

function conditions(filter: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.actor) where.push(sql`lower(${auditEvents.actorEmail}) = ${filter.actor.toLowerCase()}`);
  if (filter.propertyId) where.push(eq(auditEvents.propertyId, filter.propertyId));
  if (filter.address) where.push(sql`${auditEvents.address} ilike ${`%${filter.address.replace(/[%_\\]/g, "\\$&")}%`}`);
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.outcome) where.push(eq(auditEvents.outcome, filter.outcome));
  if (filter.from) where.push(gte(auditEvents.at, filter.from));
  if (filter.to) where.push(lte(auditEvents.at, filter.to));
  return where.length ? and(...where) : undefined;
}

/** A page of the log, newest first: `before` is the last id of the previous page. */
export async function auditPage(filter: AuditFilter, options: { before?: number; limit?: number } = {}) {
  await auditSettled();
  const { db } = await getDatabase();
  const limit = options.limit ?? 50;
  const where = and(conditions(filter), options.before ? lt(auditEvents.id, options.before) : undefined);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  return {
    events: rows.slice(0, limit).map(toAuditEventDto),
    nextBefore: rows.length > limit ? rows[limit - 1]!.id : null,
  };
}

/** Every row matching, newest first, a page at a time (the CSV export streams these). */
export async function* auditRows(filter: AuditFilter): AsyncGenerator<AuditEventDto> {
  let before: number | undefined;
  for (;;) {
    const page = await auditPage(filter, { before, limit: 1_000 });
    yield* page.events;
    if (page.nextBefore === null) return;
    before = page.nextBefore;
  }
}
