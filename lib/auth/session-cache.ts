import "server-only";
import { randomBytes } from "node:crypto";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import type { SessionUser } from "./roles";

/**
 * Every request needs its user, read again so that a changed role, a deleted account or an ended session applies at
 * once; reading the database for it each time was most of a cached API answer's cost. So the answer is kept in the
 * cache (Redis when configured, shared by every instance), stamped with the user's version: a value every change to
 * the user or their sessions replaces (`userChanged`). A request whose snapshot carries another version reads the
 * database again. Changes made outside the app (SQL by hand) apply within SNAPSHOT_SECONDS.
 */
const SNAPSHOT_SECONDS = 60;
const VERSION_SECONDS = 86_400;

const versionKey = (userId: number) => `auth:version:${userId}`;
const snapshotKey = (sessionId: string) => `auth:session:${sessionId}`;
const newVersion = () => randomBytes(9).toString("base64url");

interface Snapshot {
  version: string;
  /** Null: the session was not live (ended, run out, or not this user's). */
  user: SessionUser | null;
}

/** The user of a live session, from the cache when its snapshot is of the user's current version, else from `load`. */
export async function rememberedSessionUser(userId: number, sessionId: string, load: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
  const cache = getCache();
  const [version, snapshot] = await Promise.all([
    safely(() => cache.get<string>(versionKey(userId)), undefined),
    safely(() => cache.get<Snapshot>(snapshotKey(sessionId)), undefined),
  ]);
  if (version && snapshot && snapshot.freshUntil > Date.now() && snapshot.value.version === version.value) return snapshot.value.user ?? undefined;
  // The version is read before the database: a change that lands in between replaces it, so this snapshot is not used.
  let current = version?.value;
  if (!current) {
    current = newVersion();
    await safely(() => cache.set(versionKey(userId), current, VERSION_SECONDS), undefined);
  }
  const user = await load();
  await safely(() => cache.set<Snapshot>(snapshotKey(sessionId), { version: current, user: user ?? null }, SNAPSHOT_SECONDS), undefined);
  return user;
}

/** After any change to a user or their sessions (written first): every snapshot of theirs is read again. */
export async function userChanged(userId: number): Promise<void> {
  await safely(() => getCache().set(versionKey(userId), newVersion(), VERSION_SECONDS), undefined);
}
