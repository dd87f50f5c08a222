import "server-only";
import { randomBytes } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { auditKeys } from "@/lib/security/audit-key";
import { getDatabase, type Database } from "@/lib/db";
import { groupCommit } from "@/lib/db/group-commit";
import { insertRowsStatement } from "@/lib/db/insert-rows";
import { auditDeadLetters, auditEvents, type AuditOutcome } from "@/lib/db/schema";
import { log, requestContext } from "@/lib/log";
import { safeError } from "@/lib/log-errors";
import { countAuditDeadLetter } from "@/lib/observability/metrics";
import { onShutdown } from "@/lib/shutdown";
import { dbInsert, inSpan } from "@/lib/observability/trace";
import { GENESIS, logText, piiDigestOf, pseudonym, rowHash } from "./chain";
import { AUDIT_ACTIONS, type AuditAction } from "./labels";

export type { AuditOutcome };

// The actions and their words live beside the words of their refusals (labels.ts).
export { AUDIT_ACTIONS, type AuditAction };

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

/**
 * The actor and client address of a caller (a page's or a service's), for an event recorded outside a route's context.
 */
export const by = (caller: {
  user?: SessionUser;
  ip: string;
  partnerSiteId?: number;
}): Pick<AuditEvent, "actor" | "ip"> => ({
  actor: caller.user ? { ...caller.user, partnerSiteId: caller.partnerSiteId } : null,
  ip: caller.ip,
});

type Row = typeof auditEvents.$inferInsert;

// Any fixed number: the lock every process takes while it appends, so the chain has one order across processes.
const AUDIT_LOCK = 7_240_629;

const optionalText = (text: string | null | undefined, limit?: number) =>
  text === null || text === undefined ? null : logText(String(text), limit);

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

// Each row's salt: 16 random bytes, taken from a pool refilled 4 KB at a time, so a row costs no call into the random
// source of its own (Next.js wraps randomBytes, and each call cost more than a row's hashing).
let saltPool = Buffer.alloc(0);
let saltAt = 0;
function salt(): string {
  if (saltAt + 16 > saltPool.length) {
    saltPool = randomBytes(4_096);
    saltAt = 0;
  }
  saltAt += 16;
  return saltPool.toString("hex", saltAt - 16, saltAt);
}

/** The row for an event, without its place in the chain (`prevHash`, `hash`), which the writer gives it. */
function rowOf(event: AuditEvent): Omit<Row, "prevHash" | "hash"> {
  const context = requestContext.getStore();
  const actor = event.actor === undefined ? context?.user : (event.actor ?? undefined);
  // What a request with an API token does is done under the token's name as well as its owner's.
  const token = context?.apiToken && actor?.id === context.apiToken.userId ? context.apiToken : undefined;
  if (token) token.audited = true;
  const personal = {
    piiSalt: salt(),
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
    partnerSiteId:
      actor && "partnerSiteId" in actor && typeof actor.partnerSiteId === "number" ? actor.partnerSiteId : null,
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

type PendingRow = Omit<Row, "prevHash" | "hash">;

interface ChainState {
  /** Rows an append could not write (the database was away): they go first in the next append. */
  unwritten?: PendingRow[];
  /** PGlite only (one process holds it): the chain's last hash, so an append is one insert. */
  lastHash?: string;
  /** After a failed append, no other is tried before this time (ms since the epoch): the database is likely away. */
  retryAfter?: number;
}
// One per process, whichever route bundle records (a test empties it to start from a new install's state).
const globalForAudit = globalThis as unknown as { auditQueue?: ChainState };
const chainState = () => (globalForAudit.auditQueue ??= {});
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

const queue = groupCommit<PendingRow[]>("audit", {
  empty: () => [],
  gatherMs: async () => ((await getDatabase().catch(() => undefined))?.kind === "pglite" ? PGLITE_GATHER_MS : 0),
  write: (rows) => appendBatch(chainState(), rows),
  failed: (error, rows) =>
    log.error({ err: error, rows: rows.length }, "audit: an append failed unexpectedly; its rows are lost"),
});

/**
 * Records an event; resolves once it is written. Rows are group-committed like the meter's (lib/db/group-commit.ts):
 * while one append runs the next events gather, so a busy app appends a few times a second. Callers whose answer does
 * not depend on the row do not wait for it (`after()` holds the write, see lib/api/pending-writes.ts). Recording never
 * fails the request.
 */
export function audit(event: AuditEvent): Promise<void> {
  checkpointWhenStopping();
  writeRepeatsOfPastMinutes();
  if (repeatOfThisMinute(event)) return queue.settled();
  let row: PendingRow;
  try {
    row = rowOf(event);
  } catch (error) {
    log.error({ err: error, action: event.action }, "audit: could not make the event's row");
    return queue.settled();
  }
  return queue.add((rows) => rows.push(row));
}

/**
 * A session's repeated refusals within a minute: the same refusal again (its action, reason and what it named), after
 * the first, is not written one by one (a session sending 900 refused requests in 17 s would bury a real row under
 * them) but counted, and written as one row with the count (`detail.repeated`) once the minute is over. The first is
 * written as it happens. A session that varies what it names (id after id) has REFUSALS_A_MINUTE rows of its own a
 * minute; past them its refusals of an action are counted together, whatever they named. So the log stays complete
 * (every refusal counted) and readable.
 */
interface Repeats {
  minute: number;
  count: number;
  /** The last repeated event, with who and from where filled in (it is written outside its request). */
  event: AuditEvent;
  /** What the refusals counted together named (ids, never people), each once: a row of its own at TARGETS_LISTED. */
  targets: Set<string>;
}
const TARGETS_LISTED = 50;

/** What a refusal named, in a few words: its detail's ids and the property ("userId=7", "leadId=3,propertyId=12"). */
function targetOf(event: AuditEvent): string {
  const named = Object.entries(event.detail ?? {}).filter(([key]) => key !== "reason");
  if (event.propertyId !== undefined) named.push(["propertyId", String(event.propertyId)]);
  return named.map(([key, value]) => `${key}=${String(value)}`).join(",") || "-";
}
const REFUSALS_A_MINUTE = 10;
const globalForRepeats = globalThis as unknown as {
  auditRepeats?: Map<string, Repeats>;
  /** Refusal rows each session wrote this minute. */
  auditRefusalRows?: Map<string, { minute: number; rows: number }>;
};
const repeats = () => (globalForRepeats.auditRepeats ??= new Map());
const minuteNow = () => Math.floor(Date.now() / 60_000);

/** True when the event is a repeat this minute: it is counted instead of written. */
function repeatOfThisMinute(event: AuditEvent): boolean {
  if (event.outcome !== "refused") return false;
  const context = requestContext.getStore();
  const actor = event.actor === undefined ? context?.user : event.actor;
  const session = actor && "sessionId" in actor ? actor.sessionId : undefined;
  if (!session) return false;
  const minute = minuteNow();
  const written = (globalForRepeats.auditRefusalRows ??= new Map());
  const own = written.get(session)?.minute === minute ? written.get(session)! : { minute, rows: 0 };
  written.set(session, own);
  // The same refusal again: the same request (method and path) naming the same things.
  const named =
    own.rows < REFUSALS_A_MINUTE
      ? JSON.stringify([
          context?.route,
          event.subjectUserId,
          event.ownerId,
          event.propertyId,
          event.address,
          event.detail,
        ])
      : "*";
  const key = `${session}|${event.action}|${String(event.detail?.reason ?? "")}|${named}`;
  const seen = repeats().get(key);
  if (seen?.minute !== minute) {
    repeats().set(key, { minute, count: 0, event, targets: new Set() });
    own.rows += 1;
    return false;
  }
  seen.count += 1;
  seen.event = { ...event, actor, ip: event.ip ?? context?.ip };
  if (named === "*") {
    seen.targets.add(targetOf(event));
    // A full list is written now and another begun: every target is named in some row.
    if (seen.targets.size >= TARGETS_LISTED) {
      writeRepeats(seen);
      seen.count = 0;
      seen.targets = new Set();
    }
  }
  return true;
}

/** The row of a minute's repeats: their count, and what those counted together named. */
function writeRepeats(seen: Repeats): void {
  const event = {
    ...seen.event,
    detail: {
      ...seen.event.detail,
      repeated: seen.count,
      minute: new Date(seen.minute * 60_000).toISOString(),
      // Refusals of different targets counted together (past the session's rows for the minute): what they named.
      ...(seen.targets.size ? { targets: [...seen.targets].join(" ") } : {}),
    },
  };
  try {
    const row = requestContext.exit(() => rowOf(event));
    void queue.add((rows) => rows.push(row));
  } catch (error) {
    log.error({ err: error, action: event.action }, "audit: could not make the repeated refusals' row");
  }
}

/** Writes the count of each past minute's repeats (by the first event recorded after it, or when the process stops). */
function writeRepeatsOfPastMinutes(all = false): void {
  if (!globalForRepeats.auditRepeats?.size) return;
  const minute = minuteNow();
  for (const [session, own] of globalForRepeats.auditRefusalRows ?? [])
    if (own.minute !== minute) globalForRepeats.auditRefusalRows!.delete(session);
  for (const [key, seen] of repeats()) {
    if (seen.minute === minute && !all) continue;
    repeats().delete(key);
    if (seen.count) writeRepeats(seen);
  }
}

/** Writes the repeats counted so far, the current minute's too: the process is stopping, or a test reads the log. */
export function writeRepeatedRefusals(): Promise<void> {
  writeRepeatsOfPastMinutes(true);
  return queue.settled();
}

/**
 * A process that recorded events writes a checkpoint when it stops, once its requests are answered and their rows
 * written (imported when needed: the checkpoint's module reads this one).
 */
function checkpointWhenStopping() {
  const flags = globalThis as unknown as { auditCheckpointOnStop?: boolean };
  if (flags.auditCheckpointOnStop) return;
  flags.auditCheckpointOnStop = true;
  onShutdown(async () => {
    await writeRepeatedRefusals();
    await (await import("./checkpoint")).checkpointOnShutdown();
  }, "last");
}

/** Resolves once every event recorded so far in this process is written. */
export const auditSettled = (): Promise<void> => queue.settled();

/**
 * Appends a batch after the rows an earlier append could not write. While the database is away (it failed moments
 * ago), the batch waits with them for the first event after the pause, instead of trying again for every request.
 */
async function appendBatch(state: ChainState, batch: PendingRow[]): Promise<void> {
  const rows = [...(state.unwritten ?? []), ...batch];
  state.unwritten = undefined;
  if ((state.retryAfter ?? 0) > Date.now()) {
    state.unwritten = rows.slice(-MAX_UNWRITTEN);
    return;
  }
  try {
    const database = await getDatabase();
    let left: PendingRow[] = [];
    try {
      await appendRows(state, database, rows);
    } catch (error) {
      state.lastHash = undefined;
      // The database answered and refused the rows' content: one of them is bad. Each goes on its own, so only the
      // bad one is set aside and the rest are written in order; "the database is away" waits as before.
      if (!refusedContent(error)) throw error;
      left = await appendEach(state, database, rows);
    }
    if (left.length)
      throw Object.assign(new Error("the database went away while rows were written one by one"), { left });
    state.retryAfter = undefined;
  } catch (error) {
    state.retryAfter = Date.now() + RETRY_MS;
    // Kept for the next append (the next event after the database is back), not lost with this request.
    const waiting = (error as { left?: PendingRow[] }).left ?? rows;
    const dropped = Math.max(0, waiting.length - MAX_UNWRITTEN);
    state.unwritten = waiting.slice(dropped);
    state.lastHash = undefined;
    log.error(
      { err: error, rows: waiting.length, dropped },
      "audit: could not record events; they wait for the next append",
    );
  }
}

/** Appends rows at the chain's end, on this process's database (PGlite: after the last hash it remembers). */
async function appendRows(state: ChainState, { db, kind }: DatabaseHandleLike, rows: PendingRow[]): Promise<void> {
  state.lastHash = await inSpan(
    "db audit.append",
    { kind: "client", root: true, attributes: dbInsert("audit_events", rows.length) },
    () => {
      const appended =
        kind === "pglite" ? appendInProcess(db, rows, state.lastHash) : append(db, rows).then(() => undefined);
      return withTimeout(appended, APPEND_TIMEOUT_MS);
    },
  );
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
async function appendEach(state: ChainState, database: DatabaseHandleLike, rows: PendingRow[]): Promise<PendingRow[]> {
  for (const [i, row] of rows.entries()) {
    try {
      await appendRows(state, database, [row]);
    } catch (error) {
      state.lastHash = undefined;
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
    JSON.stringify(safeError(error), [
      "type",
      "message",
      "code",
      "constraint_name",
      "constraint",
      "table_name",
      "column_name",
      "statement",
      "cause",
    ]),
  );
  try {
    const [dead] = await db
      .insert(auditDeadLetters)
      .values({ action: logText(row.action, 100), payload: JSON.stringify(row), error: reason })
      .returning({ id: auditDeadLetters.id });
    countAuditDeadLetter(true);
    log.error(
      { deadLetterId: dead?.id, action: row.action, reason },
      "audit: the database refused a row; it is set aside in app.audit_dead_letters",
    );
  } catch (failure) {
    countAuditDeadLetter(false);
    log.error(
      { err: failure, action: row.action, reason },
      "audit: the database refused a row, and setting it aside failed too: it is lost",
    );
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
async function append(db: Database, rows: PendingRow[]) {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [last] = await tx.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    await tx.execute(insertRowsStatement(auditEvents, chain(rows, last?.hash ?? GENESIS))!);
  });
}

/**
 * The same on PGlite, which one process holds and whose appends this process's queue already takes in turn: the last
 * hash is remembered, so an append is one statement. Resolves to the new last hash.
 */
async function appendInProcess(
  db: Database,
  rows: PendingRow[],
  lastHash: string | undefined,
): Promise<string | undefined> {
  if (!rows.length) return lastHash;
  if (lastHash === undefined) {
    const [last] = await db.select({ hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    lastHash = last?.hash ?? GENESIS;
  }
  const chained = chain(rows, lastHash);
  await db.execute(insertRowsStatement(auditEvents, chained)!);
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
