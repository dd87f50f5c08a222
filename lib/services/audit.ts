import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { authSecret } from "@/lib/auth/secret";
import { auditHmac, auditKeys } from "@/lib/security/audit-key";
import { getDatabase, type Database } from "@/lib/db";
import { auditDeadLetters, auditEvents, type AuditOutcome } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log, requestContext } from "@/lib/log";
import { safeError } from "@/lib/log-errors";
import { countAuditDeadLetter } from "@/lib/observability/metrics";
import { onShutdown } from "@/lib/shutdown";
import { dbInsert, inSpan } from "@/lib/observability/trace";
import { AUDIT_ACTIONS, homeownerLabelOf, labelOf, type AuditAction } from "./audit-labels";

export type { AuditOutcome };

// The actions and their words live beside the words of their refusals (audit-labels.ts).
export { AUDIT_ACTIONS, type AuditAction };

/** The reads a homeowner sees in "Who looked at my home's records" when someone else made them. */
export const PRIVATE_READS: readonly AuditAction[] = [
  "owner.data.read",
  "equity.read",
  "report.read",
  "records.read",
  "lookup.address",
  "lookup.verify",
  "lookup.valuation",
  "lookup.summary",
  "lookup.batch",
  "clients.export",
  "client.refresh",
  "client.refresh.scheduled",
];

export interface AuditActor {
  id: number;
  email: string;
  role: Role | string;
  partnerSiteId?: number | null;
}

export interface AuditEvent {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** Who did it; the signed-in user of the request by default; `null` for no one (a failed sign-in's unknown email). */
  actor?: AuditActor | SessionUser | null;
  /** An email that was tried, when there is no account behind it (a failed sign-in): kept with the personal data. */
  email?: string;
  /** The account the action was about, when it is not the actor (a role changed). */
  subjectUserId?: number;
  ownerId?: string;
  propertyId?: string | number;
  address?: string;
  addressKey?: string;
  detail?: Record<string, string | number | boolean | null>;
  /** The client's address; the request's by default. */
  ip?: string;
}

/** The actor and client address of a caller (a page's or a service's), for an event recorded outside a route's context. */
export const by = (caller: { user?: SessionUser; ip: string; partnerSiteId?: number }): Pick<AuditEvent, "actor" | "ip"> => ({
  actor: caller.user ? { ...caller.user, partnerSiteId: caller.partnerSiteId } : null,
  ip: caller.ip,
});

type Row = typeof auditEvents.$inferInsert;
type Stored = typeof auditEvents.$inferSelect;

/** The previous hash of the chain's first row. */
export const GENESIS = "0".repeat(64);
// Any fixed number: the lock every process takes while it appends, so the chain has one order across processes.
const AUDIT_LOCK = 7_240_629;
const ROWS_PER_INSERT = 500;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** JSON with keys in order at every depth: the same content always hashes the same (jsonb reorders keys). */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The personal columns' seal: what erasure leaves behind so the row still hashes the same. */
export function piiDigestOf(row: Pick<Row, "piiSalt" | "actorId" | "actorEmail" | "ip">): string {
  return sha256(canonical({ salt: row.piiSalt, actorId: row.actorId, actorEmail: row.actorEmail, ip: row.ip }));
}

/** Thrown for a row chained under a key that is neither AUDIT_HMAC_KEY nor one of AUDIT_HMAC_KEY_PREVIOUS. */
export class UnknownAuditKeyError extends Error {}

/**
 * The row's hash: its content (the personal columns through their seal) after the previous row's hash, as an HMAC
 * under the key the row names. A row without a key id is from before the key: plain SHA-256, as it was written.
 */
export function rowHash(row: Omit<Row, "hash" | "id">): string {
  const content = canonical({
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    actorRef: row.actorRef,
    actorRole: row.actorRole,
    partnerSiteId: row.partnerSiteId,
    subjectRef: row.subjectRef,
    ownerId: row.ownerId,
    propertyId: row.propertyId,
    address: row.address,
    addressKey: row.addressKey,
    detail: row.detail,
    requestId: row.requestId,
    piiDigest: row.piiDigest,
    // Left out (undefined) for the old rows, whose hashes did not cover it.
    keyId: row.keyId ?? undefined,
  });
  if (!row.keyId) return sha256(`${row.prevHash}\n${content}`);
  const hash = auditHmac(row.keyId, "audit-row", `${row.prevHash}\n${content}`);
  if (hash === undefined) throw new UnknownAuditKeyError(`no configured AUDIT_HMAC_KEY has the id ${row.keyId}`);
  return hash;
}

let pseudonymKey: Buffer | undefined;
/** A person's pseudonym in the log: an HMAC of their account id, the same in every row and after the account is gone. */
export function pseudonym(userId: number): string {
  pseudonymKey ??= createHmac("sha256", authSecret()).update("audit-pseudonym").digest();
  return `u-${createHmac("sha256", pseudonymKey).update(String(userId)).digest("hex").slice(0, 16)}`;
}

/**
 * A text as the log keeps it: NUL removed (PostgreSQL's text refuses it), capped, and well-formed (a lone UTF-16
 * surrogate becomes U+FFFD). The row is hashed as it is stored: jsonb refuses a lone surrogate, and a text column
 * stores U+FFFD for it, so a hash over the raw text would never match the row read back.
 */
export function logText(text: string, limit = 2_000): string {
  return text.replaceAll("\u0000", "").slice(0, limit).toWellFormed();
}
const optionalText = (text: string | null | undefined, limit?: number) => (text === null || text === undefined ? null : logText(String(text), limit));

// A detail is a few named facts: its keys are short, and a long value (a pasted name) is cut.
const DETAIL_KEYS = 50;
function detailOf(detail: AuditEvent["detail"]): Row["detail"] {
  if (!detail) return null;
  const entries = Object.entries(detail)
    .slice(0, DETAIL_KEYS)
    .map(([key, value]) => [
      logText(key, 100),
      typeof value === "string" ? logText(value) : typeof value === "number" && !Number.isFinite(value) ? null : value,
    ]);
  return Object.fromEntries(entries) as Row["detail"];
}

/** The row for an event, without its place in the chain (`prevHash`, `hash`), which the writer gives it. */
function rowOf(event: AuditEvent): Omit<Row, "prevHash" | "hash"> {
  const context = requestContext.getStore();
  const actor = event.actor === undefined ? context?.user : (event.actor ?? undefined);
  // What a request with an API token does is done under the token's name as well as its owner's.
  const token = context?.apiToken && actor?.id === context.apiToken.userId ? context.apiToken : undefined;
  if (token) token.audited = true;
  const personal = {
    piiSalt: randomBytes(16).toString("hex"),
    actorId: actor?.id ?? null,
    actorEmail: optionalText(actor?.email ?? event.email?.toLowerCase(), 320),
    ip: optionalText(event.ip ?? context?.ip, 100),
  };
  return {
    at: new Date(),
    action: logText(event.action, 100),
    outcome: event.outcome ?? "allowed",
    actorRef: actor ? pseudonym(actor.id) : null,
    actorRole: optionalText(actor?.role, 50),
    partnerSiteId: actor && "partnerSiteId" in actor && typeof actor.partnerSiteId === "number" ? actor.partnerSiteId : null,
    subjectRef: event.subjectUserId === undefined ? null : pseudonym(event.subjectUserId),
    ownerId: optionalText(event.ownerId, 200),
    propertyId: event.propertyId === undefined ? null : logText(String(event.propertyId), 100),
    address: optionalText(event.address, 500),
    addressKey: optionalText(event.addressKey, 500),
    detail: detailOf(token ? { ...event.detail, apiTokenId: token.id, apiToken: token.name } : event.detail),
    requestId: optionalText(context?.requestId, 200),
    ...personal,
    piiDigest: piiDigestOf(personal),
  };
}

/** A homeowner's (or a partner member's) read of their owner records' homes and loans: one event per owner record. */
export function auditOwnerRead(caller: { user?: SessionUser; ip: string; partnerSiteId?: number }): void {
  for (const ownerId of caller.user?.ownerIds ?? []) void audit({ action: "owner.data.read", ...by(caller), ownerId });
}

interface Batch {
  rows: Omit<Row, "prevHash" | "hash">[];
  written: Promise<void>;
  resolve: () => void;
}
interface AuditQueue {
  waiting?: Batch;
  writing?: Batch;
  draining?: boolean;
  /** Rows an append could not write (the database was away): they go first in the next append. */
  unwritten?: Omit<Row, "prevHash" | "hash">[];
  /** PGlite only (one process holds it): the chain's last hash, so an append is one insert. */
  lastHash?: string;
  /** When the last append ended, ms since the epoch. */
  lastWrite?: number;
  /** After a failed append, no other is tried before this time (ms since the epoch): the database is likely away. */
  retryAfter?: number;
}
const globalForAudit = globalThis as unknown as { auditQueue?: AuditQueue };
// While the database is away, this many rows wait in memory for it; past it the oldest are dropped (and logged).
const MAX_UNWRITTEN = 10_000;
// PGlite runs in the request's own thread: an append that follows another closely waits this long for more events
// (as the meter's inserts do), so a homeowner viewing page after page costs an insert every few views, not each.
const PGLITE_GATHER_MS = 100;
// While the database is away, events wait this long between tries, not one try per request.
const RETRY_MS = 5_000;
// An append that has not ended in this long is given up (a connection lost under it may never answer): its rows wait
// for the next append, so the queue is never stuck behind it.
const APPEND_TIMEOUT_MS = 15_000;

/**
 * Records an event; resolves once it is written. Rows are group-committed like the meter's: while one append runs the
 * next events gather, so a busy app appends a few times a second. Callers whose answer does not depend on the row do
 * not wait for it (`after()` holds the write, see lib/api/pending-writes.ts). Recording never fails the request.
 */
export function audit(event: AuditEvent): Promise<void> {
  const queue = (globalForAudit.auditQueue ??= {});
  checkpointWhenStopping();
  if (!queue.waiting) {
    let resolve!: () => void;
    const written = new Promise<void>((done) => (resolve = done));
    queue.waiting = { rows: [], written, resolve };
  }
  const batch = queue.waiting;
  try {
    batch.rows.push(rowOf(event));
  } catch (error) {
    log.error({ err: error, action: event.action }, "audit: could not make the event's row");
  }
  if (!queue.draining) void drain(queue);
  return batch.written;
}

/**
 * A process that recorded events writes a checkpoint when it stops, once its requests are answered and their rows
 * written (imported when needed: the checkpoint's module reads this one).
 */
function checkpointWhenStopping() {
  const flags = globalThis as unknown as { auditCheckpointOnStop?: boolean };
  if (flags.auditCheckpointOnStop) return;
  flags.auditCheckpointOnStop = true;
  onShutdown(async () => (await import("./audit-checkpoint")).checkpointOnShutdown(), "last");
}

/** Resolves once every event recorded so far in this process is written. */
export async function auditSettled(): Promise<void> {
  const queue = globalForAudit.auditQueue;
  await Promise.all([queue?.writing?.written, queue?.waiting?.written]);
}

async function drain(queue: AuditQueue) {
  queue.draining = true;
  try {
    while (queue.waiting) {
      if ((queue.retryAfter ?? 0) > Date.now()) {
        // The database failed moments ago: these rows join the waiting ones and go with the first event after the pause.
        const batch = queue.waiting;
        queue.waiting = undefined;
        queue.unwritten = [...(queue.unwritten ?? []), ...batch.rows].slice(-MAX_UNWRITTEN);
        batch.resolve();
        break;
      }
      const handle = await getDatabase().catch(() => undefined);
      const wait = (queue.lastWrite ?? 0) + PGLITE_GATHER_MS - Date.now();
      if (handle?.kind === "pglite" && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = queue.waiting!;
      queue.waiting = undefined;
      queue.writing = batch;
      const rows = [...(queue.unwritten ?? []), ...batch.rows];
      queue.unwritten = undefined;
      try {
        const database = handle ?? (await getDatabase());
        let left: PendingRow[] = [];
        try {
          await appendRows(queue, database, rows);
        } catch (error) {
          queue.lastHash = undefined;
          // The database answered and refused the rows' content: one of them is bad. Each goes on its own, so only
          // the bad one is set aside and the rest are written in order; "the database is away" waits as before.
          if (!refusedContent(error)) throw error;
          left = await appendEach(queue, database, rows);
        }
        if (left.length) throw Object.assign(new Error("the database went away while rows were written one by one"), { left });
        queue.retryAfter = undefined;
      } catch (error) {
        queue.retryAfter = Date.now() + RETRY_MS;
        // Kept for the next append (the next event after the database is back), not lost with this request.
        const waiting = (error as { left?: PendingRow[] }).left ?? rows;
        const dropped = Math.max(0, waiting.length - MAX_UNWRITTEN);
        queue.unwritten = waiting.slice(dropped);
        queue.lastHash = undefined;
        log.error({ err: error, rows: waiting.length, dropped }, "audit: could not record events; they wait for the next append");
      } finally {
        queue.lastWrite = Date.now();
        batch.resolve();
      }
    }
  } finally {
    queue.writing = undefined;
    queue.draining = false;
  }
}

type PendingRow = Omit<Row, "prevHash" | "hash">;

/** Appends rows at the chain's end, on this process's database (PGlite: after the last hash it remembers). */
async function appendRows(queue: AuditQueue, { db, kind }: DatabaseHandleLike, rows: PendingRow[]): Promise<void> {
  queue.lastHash = await inSpan("db audit.append", { kind: "client", root: true, attributes: dbInsert("audit_events", rows.length) }, () => {
    const appended = kind === "pglite" ? appendInProcess(db, rows, queue.lastHash) : append(db, rows).then(() => undefined);
    return withTimeout(appended, APPEND_TIMEOUT_MS);
  });
}
type DatabaseHandleLike = Pick<Awaited<ReturnType<typeof getDatabase>>, "db" | "kind">;

/**
 * Whether the database refused what was sent (PostgreSQL's classes 22, data exception; 23, a constraint; 54, a limit
 * passed), rather than being away (no answer, a lost connection, a shutdown, a deadlock), through drizzle's wrapping.
 */
function refusedContent(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return /^(22|23|54)/.test(code);
  }
  return false;
}

/**
 * After a batch the database refused for its content: the rows one at a time, each refused again set aside on its own.
 * Resolves to the rows still to write when the database stopped answering meanwhile (they wait, as a batch would).
 */
async function appendEach(queue: AuditQueue, database: DatabaseHandleLike, rows: PendingRow[]): Promise<PendingRow[]> {
  for (const [i, row] of rows.entries()) {
    try {
      await appendRows(queue, database, [row]);
    } catch (error) {
      queue.lastHash = undefined;
      if (!refusedContent(error)) return rows.slice(i);
      await setAside(database.db, row, error);
    }
  }
  return [];
}

/** Keeps a row the database refused in app.audit_dead_letters (as JSON text, which escapes what jsonb refuses). */
async function setAside(db: Database, row: PendingRow, error: unknown): Promise<void> {
  // The refusal in words the log may keep: the error's class, SQLSTATE and constraint, never the row's values (a
  // driver's message carries the query's parameters: the very emails and addresses of the row).
  const reason = logText(
    JSON.stringify(safeError(error), ["type", "message", "code", "constraint_name", "constraint", "table_name", "column_name", "statement", "cause"]),
  );
  try {
    const [dead] = await db
      .insert(auditDeadLetters)
      .values({ action: logText(row.action, 100), payload: JSON.stringify(row), error: reason })
      .returning({ id: auditDeadLetters.id });
    countAuditDeadLetter(true);
    log.error({ deadLetterId: dead?.id, action: row.action, reason }, "audit: the database refused a row; it is set aside in app.audit_dead_letters");
  } catch (failure) {
    countAuditDeadLetter(false);
    log.error({ err: failure, action: row.action, reason }, "audit: the database refused a row, and setting it aside failed too: it is lost");
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the append took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Appends rows at the end of the chain. One transaction holds an advisory lock for the append, so writers in every
 * process take turns: each reads the last hash and links its rows after it, and the ids (in commit order under the
 * lock) are the chain's order.
 */
async function append(db: Database, rows: Omit<Row, "prevHash" | "hash">[]) {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [last] = await tx.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    const chained = chain(rows, last?.hash ?? GENESIS);
    for (let i = 0; i < chained.length; i += ROWS_PER_INSERT) await tx.insert(auditEvents).values(chained.slice(i, i + ROWS_PER_INSERT));
  });
}

/**
 * The same on PGlite, which one process holds and whose appends this process's queue already takes in turn: the last
 * hash is remembered, so an append of a few rows is one insert. Resolves to the new last hash.
 */
async function appendInProcess(db: Database, rows: Omit<Row, "prevHash" | "hash">[], lastHash: string | undefined): Promise<string | undefined> {
  if (!rows.length) return lastHash;
  if (lastHash === undefined) {
    const [last] = await db.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    lastHash = last?.hash ?? GENESIS;
  }
  const chained = chain(rows, lastHash);
  if (chained.length <= ROWS_PER_INSERT) await db.insert(auditEvents).values(chained);
  else
    await db.transaction(async (tx) => {
      for (let i = 0; i < chained.length; i += ROWS_PER_INSERT) await tx.insert(auditEvents).values(chained.slice(i, i + ROWS_PER_INSERT));
    });
  return chained.at(-1)!.hash;
}

/** Links rows after a hash, each to the one before. */
function chain(rows: Omit<Row, "prevHash" | "hash">[], after: string): Row[] {
  let prevHash = after;
  const keyId = auditKeys().current.id;
  return rows.map((row) => {
    const linked = { ...row, prevHash, keyId };
    const hash = rowHash(linked);
    prevHash = hash;
    return { ...linked, hash };
  });
}

/** Ids as ranges, "1-3,7,9-12", each range string at most `limit` long (a detail value is capped). */
export function idRanges(ids: readonly number[], limit = 1_500): string[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  const chunks: string[] = [];
  for (const part of parts) {
    const last = chunks.at(-1);
    if (last !== undefined && last.length + part.length + 1 <= limit) chunks[chunks.length - 1] = `${last},${part}`;
    else chunks.push(part);
  }
  return chunks;
}

/**
 * Erases a person's personal data from the log (their account's deletion): every row of their account, and every row
 * carrying their email (a refused sign-in as typed, with no account behind it). The rows stay, with the person's
 * pseudonym, and the chain still verifies because their seal is kept; the erasure is itself a row naming the rows it
 * blanked, so a blank made any other way is told apart by verify.
 */
export async function eraseFromAuditLog(userId: number, email?: string): Promise<number> {
  await auditSettled();
  const { db } = await getDatabase();
  const whose = email
    ? or(eq(auditEvents.actorId, userId), sql`lower(${auditEvents.actorEmail}) = ${logText(email.toLowerCase(), 320)}`)
    : eq(auditEvents.actorId, userId);
  const erased = await db
    .update(auditEvents)
    .set({ actorId: null, actorEmail: null, ip: null, piiSalt: null })
    .where(and(whose, isNotNull(auditEvents.piiSalt)))
    .returning({ id: auditEvents.id });
  // Rows set aside (app.audit_dead_letters) are the same person's data: they go with the erasure.
  const personal = [`"actorId":${userId},`, ...(email ? [`"actorEmail":${JSON.stringify(logText(email.toLowerCase(), 320))}`] : [])];
  await db.delete(auditDeadLetters).where(or(...personal.map((needle) => sql`position(${needle.toLowerCase()} in lower(${auditDeadLetters.payload})) > 0`)));
  const ranges = idRanges(erased.map((row) => row.id));
  // Outside the request's context: the erasure's own row must not carry the client address of the person leaving.
  await requestContext.exit(() =>
    Promise.all(ranges.map((rows) => audit({ action: "audit.erase", actor: null, subjectUserId: userId, detail: { rows, count: erased.length } }))),
  );
  return erased.length;
}

/**
 * Removes rows older than AUDIT_RETENTION_DAYS (the daily housekeeping job): the oldest run of rows all past the time,
 * up to the first row that is not, so what is kept starts where the removal ended and one row whose time was moved
 * back cannot take the newer rows before it along. The sweep is itself a row naming the last hash it removed, so
 * verify tells a sweep's gap from rows dropped by anyone else.
 */
export async function sweepAuditEvents(days = env.AUDIT_RETENTION_DAYS): Promise<number> {
  await auditSettled();
  const { db } = await getDatabase();
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const removed = await db.transaction(async (tx) => {
    const [kept] = await tx.select({ id: auditEvents.id }).from(auditEvents).where(gte(auditEvents.at, cutoff)).orderBy(asc(auditEvents.id)).limit(1);
    const old = and(lt(auditEvents.at, cutoff), kept ? lt(auditEvents.id, kept.id) : undefined);
    return tx.delete(auditEvents).where(old).returning({ id: auditEvents.id, hash: auditEvents.hash });
  });
  // Rows set aside are kept no longer than the log's own.
  await db.delete(auditDeadLetters).where(lt(auditDeadLetters.at, cutoff));
  if (!removed.length) return 0;
  const newest = removed.reduce((a, b) => (b.id > a.id ? b : a));
  const oldest = removed.reduce((a, b) => (b.id < a.id ? b : a));
  await audit({ action: "audit.sweep", actor: null, detail: { removed: removed.length, fromId: oldest.id, toId: newest.id, lastHash: newest.hash } });
  return removed.length;
}

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

/** A row's words for its action and outcome: a refusal reads as one (see audit-labels.ts). */
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
  return { events: rows.slice(0, limit).map(toAuditEventDto), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
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

export interface AccessLogEntry {
  at: string;
  action: string;
  description: string;
  /** Who: the officer's or admin's email and role, or the partner site for a partner's reads. */
  by: { email: string | null; role: string | null; partnerSiteId: number | null };
  address: string | null;
}

/**
 * Reads of the homeowner's private data by anyone but themselves: what the address keys of their proved homes and their
 * owner records were read for, newest first.
 */
export async function accessLogOf(user: SessionUser, addressKeys: readonly string[], limit = 200): Promise<AccessLogEntry[]> {
  await auditSettled();
  const { db } = await getDatabase();
  const subject: SQL[] = [];
  if (addressKeys.length) subject.push(inArray(auditEvents.addressKey, [...addressKeys]));
  if (user.ownerIds.length) subject.push(inArray(auditEvents.ownerId, user.ownerIds));
  if (!subject.length) return [];
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        sql`(${sql.join(subject, sql` or `)})`,
        inArray(auditEvents.action, [...PRIVATE_READS]),
        eq(auditEvents.outcome, "allowed"),
        // Someone else, or the person themselves through a partner's site (named by the site).
        sql`(${auditEvents.actorRef} is distinct from ${pseudonym(user.id)} or ${auditEvents.partnerSiteId} is not null)`,
        // Staff, or a partner's site: another homeowner's reads at the same address (a previous owner's) are theirs, and
        // naming that person here would tell one homeowner about another.
        sql`(${auditEvents.actorRole} <> 'homeowner' or ${auditEvents.partnerSiteId} is not null)`,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    action: row.action,
    description: homeownerLabelOf(row.action, row.outcome, AUDIT_ACTIONS[row.action as AuditAction]),
    by: { email: row.actorEmail, role: row.actorRole, partnerSiteId: row.partnerSiteId },
    address: row.address,
  }));
}
