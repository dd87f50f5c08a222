import "server-only";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { count, desc } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { auditEvents } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { auditHmac, auditKeys } from "@/lib/security/audit-key";
import { auditSettled } from "./log";
import { canonical } from "./chain";

/**
 * A signed note of where the activity log stood (its newest row's id and hash, how many rows it had, when), kept
 * outside the database: whoever can write the table cannot also move this, so dropping the newest rows, or rebuilding
 * the chain, no longer matches it. Written every hour (a job) and when a process stops.
 */
export interface AuditCheckpoint {
  lastId: number;
  lastHash: string;
  count: number;
  at: string;
  keyId: string;
  signature: string;
}

const LATEST = "latest.json";

/** The folder the checkpoints go to: AUDIT_CHECKPOINT_URL (file:///path), else one in DATA_DIR. */
export const checkpointDir = () =>
  env.AUDIT_CHECKPOINT_URL ? fileURLToPath(env.AUDIT_CHECKPOINT_URL) : join(env.DATA_DIR, "audit-checkpoints");

const signed = (checkpoint: Omit<AuditCheckpoint, "signature">) =>
  auditHmac(checkpoint.keyId, "audit-checkpoint", canonical({ ...checkpoint, signature: undefined }));

/** Writes a checkpoint of the log as it stands (nothing while it is empty); resolves to it. */
export async function writeAuditCheckpoint(): Promise<AuditCheckpoint | undefined> {
  await auditSettled();
  const { db } = await getDatabase();
  const [last] = await db
    .select({ id: auditEvents.id, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  if (!last) return undefined;
  const [rows] = await db.select({ n: count() }).from(auditEvents);
  const body = {
    lastId: last.id,
    lastHash: last.hash,
    count: rows?.n ?? 0,
    at: new Date().toISOString(),
    keyId: auditKeys().current.id,
  };
  const checkpoint: AuditCheckpoint = { ...body, signature: signed(body)! };
  const dir = checkpointDir();
  await mkdir(dir, { recursive: true });
  const text = `${JSON.stringify(checkpoint, null, 2)}\n`;
  // Every checkpoint is kept (a history an auditor can compare), and `latest` moves forward only: two processes
  // writing at once never put an older one back.
  await writeFile(
    join(dir, `checkpoint-${String(last.id).padStart(16, "0")}-${body.at.replace(/[:.]/g, "")}.json`),
    text,
    { mode: 0o600 },
  );
  const current = await readAuditCheckpoint().catch(() => undefined);
  if (!current || current.lastId <= checkpoint.lastId) {
    const temporary = join(dir, `.${LATEST}.${process.pid}.tmp`);
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, join(dir, LATEST));
  }
  return checkpoint;
}

/** The latest checkpoint, undefined when none was written yet; throws when it is not one this app's keys signed. */
export async function readAuditCheckpoint(): Promise<AuditCheckpoint | undefined> {
  let text: string;
  try {
    text = await readFile(join(checkpointDir(), LATEST), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const checkpoint = JSON.parse(text) as AuditCheckpoint;
  const expected =
    typeof checkpoint.lastId === "number" && typeof checkpoint.lastHash === "string" ? signed(checkpoint) : undefined;
  if (!expected || expected !== checkpoint.signature)
    throw new Error("the latest checkpoint's signature does not match");
  return checkpoint;
}

/** The checkpoint of a stopping process, once its last rows are written; a failure is logged, never stops the stop. */
export async function checkpointOnShutdown(): Promise<void> {
  try {
    const checkpoint = await writeAuditCheckpoint();
    if (checkpoint) log.info({ lastId: checkpoint.lastId, count: checkpoint.count }, "audit: checkpoint written");
  } catch (error) {
    log.error({ err: error }, "audit: could not write the checkpoint at shutdown");
  }
}
