import "server-only";
import { asc, count, gt } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { auditDeadLetters, auditEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { readAuditCheckpoint, type AuditCheckpoint } from "./checkpoint";
import { auditSettled } from "./log";
import { GENESIS, piiDigestOf, rowHash, UnknownAuditKeyError } from "./chain";

type Stored = typeof auditEvents.$inferSelect;

export type ChainProblemKind =
  /** The row's content does not hash to its hash: it was changed. */
  | "altered"
  /** The row does not link to the one before it: rows were removed or reordered between them. */
  | "broken_link"
  /** The personal columns do not match their seal. */
  | "seal"
  /** A row without a key after keyed rows: rehashed by someone without the key. */
  | "unkeyed"
  /** Chained under a key that is not configured (AUDIT_HMAC_KEY, AUDIT_HMAC_KEY_PREVIOUS). */
  | "unknown_key"
  /** Personal columns blanked with no erasure naming the row. */
  | "erased_without_record"
  /** The oldest rows are gone and no retention sweep removed them (the id is the oldest row kept). */
  | "missing_oldest"
  /** The latest checkpoint's row is gone, or no longer what it was: rows dropped or rebuilt since (the id is its). */
  | "missing_newest"
  | "checkpoint_mismatch"
  /** The latest checkpoint cannot be read, or its signature does not match (the id is 0). */
  | "checkpoint_invalid"
  /**
   * Rows the database refused, set aside in app.audit_dead_letters (the id is 0): the chain is whole but the log is
   * not, until an admin has looked at them (a rule added to the table could otherwise hide chosen rows for good).
   */
  | "dead_letter";

export interface ChainCheck {
  ok: boolean;
  /** Rows checked: every row kept (retention removes the oldest; the check starts at the oldest kept). */
  events: number;
  /** The first row found wrong, if any. */
  firstBadId: number | null;
  /** Everything found wrong, by kind and row. */
  problems: { kind: ChainProblemKind; id: number }[];
}

/** "1-3,7" as ids. */
function idsOf(ranges: string): number[] {
  const ids: number[] = [];
  for (const part of ranges.split(",")) {
    const [from, to = from] = part.split("-").map(Number);
    if (
      from === undefined ||
      to === undefined ||
      !Number.isSafeInteger(from) ||
      !Number.isSafeInteger(to) ||
      to - from > 1_000_000
    )
      continue;
    for (let id = from; id <= to; id++) ids.push(id);
  }
  return ids;
}

/** A row's own faults: its hash, its seal. */
function rowProblems(row: Stored): ChainProblemKind[] {
  try {
    if (rowHash(row) !== row.hash) return ["altered"];
  } catch (error) {
    if (error instanceof UnknownAuditKeyError) return ["unknown_key"];
    throw error;
  }
  // Personal columns present must match their seal; erased ones are all gone together.
  if (row.piiSalt !== null) return piiDigestOf(row) === row.piiDigest ? [] : ["seal"];
  return row.actorId === null && row.actorEmail === null && row.ip === null ? [] : ["seal"];
}

/**
 * Walks the chain from the oldest row kept (each row's hash under its key, its personal columns' seal, its link to the
 * one before), then compares it with what only the app could have written: the retention sweeps that explain a
 * missing start, the erasures that explain blanked rows, and the latest checkpoint kept outside the database.
 */
export async function verifyAuditChain(): Promise<ChainCheck> {
  await auditSettled();
  const retentionMs = env.AUDIT_RETENTION_DAYS * 86_400_000;
  const { db } = await getDatabase();
  const problems: ChainCheck["problems"] = [];
  const found = (kind: ChainProblemKind, id: number) => problems.push({ kind, id });
  let checkpoint: AuditCheckpoint | undefined;
  try {
    checkpoint = await readAuditCheckpoint();
  } catch {
    found("checkpoint_invalid", 0);
  }
  let events = 0;
  let first: Stored | undefined;
  let previous: Stored | undefined;
  let keyed = false;
  let checkpointRow: Stored | undefined;
  const erased: number[] = [];
  const erasures = new Set<number>();
  const sweeps: { toId: number; lastHash: string }[] = [];
  // From the very lowest id: the app's ids start at 1, and a row slipped in below them is as much a forgery as any.
  for (let after = Number.MIN_SAFE_INTEGER; ;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, after))
      .orderBy(asc(auditEvents.id))
      .limit(2_000);
    for (const row of page) {
      events += 1;
      first ??= row;
      if (previous && row.prevHash !== previous.hash) found("broken_link", row.id);
      const faults: ChainProblemKind[] = row.id < 1 ? ["altered"] : rowProblems(row);
      for (const kind of faults) found(kind, row.id);
      if (row.keyId) keyed = true;
      else if (keyed) found("unkeyed", row.id);
      if (row.id === checkpoint?.lastId) checkpointRow = row;
      // Only the app's own keyed rows vouch for a blank or a gap.
      const trusted = row.keyId !== null && faults.length === 0;
      if (row.keyId !== null && row.piiSalt === null) erased.push(row.id);
      if (trusted && row.action === "audit.erase" && typeof row.detail?.rows === "string")
        for (const id of idsOf(row.detail.rows)) erasures.add(id);
      if (
        trusted &&
        row.action === "audit.sweep" &&
        typeof row.detail?.lastHash === "string" &&
        typeof row.detail.toId === "number"
      )
        sweeps.push({ toId: row.detail.toId, lastHash: row.detail.lastHash });
      previous = row;
    }
    if (page.length < 2_000) break;
    after = page.at(-1)!.id;
  }
  for (const id of erased) if (!erasures.has(id)) found("erased_without_record", id);
  // The oldest row kept follows the genesis or the last row a sweep removed; rows from before the key are let be
  // (the sweeps of those days were not recorded).
  if (
    first &&
    first.keyId !== null &&
    first.prevHash !== GENESIS &&
    !sweeps.some((sweep) => sweep.lastHash === first.prevHash)
  )
    found("missing_oldest", first.id);
  if (checkpoint) {
    if (checkpointRow) {
      if (checkpointRow.hash !== checkpoint.lastHash) found("checkpoint_mismatch", checkpoint.lastId);
    } else if (
      !sweeps.some((sweep) => sweep.toId >= checkpoint.lastId) ||
      Date.parse(checkpoint.at) > Date.now() - retentionMs
    ) {
      // Gone and not by retention (a sweep cannot have removed a row younger than the retention period): dropped from
      // the end, or the whole log rebuilt under other ids.
      found("missing_newest", checkpoint.lastId);
    }
  }
  const [dead] = await db.select({ count: count() }).from(auditDeadLetters);
  if (dead && dead.count > 0) found("dead_letter", 0);
  problems.sort((a, b) => a.id - b.id);
  const firstBad = problems.find((problem) => problem.id !== 0);
  return { ok: problems.length === 0, events, firstBadId: firstBad?.id ?? null, problems };
}
