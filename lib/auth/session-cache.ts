import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hmac } from "@/lib/security/hmac";
import { LRUCache } from "lru-cache";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import { authSecret } from "./secret";
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
// v2: snapshots are `Stamped` now; one of the earlier shape, left in a shared Redis by a deployment, is never read.
const snapshotKey = (sessionId: string) => `auth:session:v2:${sessionId}`;
const newVersion = () => randomBytes(9).toString("base64url");

interface Stamped<T> {
  version: string;
  value: T;
}

/**
 * A snapshot as the cache keeps it: stamped, and signed with a key derived from the auth secret over its cache key and
 * the end of its life too. Whoever can write to the shared Redis (and not to the database) then cannot raise a role in
 * a snapshot, copy an admin's snapshot under their own session's key, or put back an old one (with its old version)
 * past the SNAPSHOT_SECONDS it was good for: a snapshot whose signature is wrong, or past its end, is read again.
 */
interface Signed<T> extends Stamped<T> {
  until: number;
  mac: string;
}

const macOf = (key: string, kept: Stamped<unknown> & { until: number }) =>
  hmac(`session-snapshot:${authSecret()}`, JSON.stringify([key, kept.version, kept.until, kept.value]), "base64url");

function signed<T>(key: string, stamped: Stamped<T>): Signed<T> {
  const kept = { ...stamped, until: Date.now() + SNAPSHOT_SECONDS * 1000 };
  return { ...kept, mac: macOf(key, kept) };
}

// Snapshots this process has checked, as the in-memory cache hands them back (the same object on every read): every
// request reads its session's snapshot, and the signature over it was a tenth of a cached answer's own work. Redis
// hands back a new object each time, checked anew; nobody but this process can change an object in its memory.
const checked = new WeakMap<object, string>();

function authentic<T>(key: string, kept: Signed<T>): boolean {
  if (typeof kept.until !== "number" || kept.until <= Date.now()) return false;
  if (checked.get(kept) === key) return true;
  const expected = Buffer.from(macOf(key, kept));
  const given = Buffer.from(typeof kept.mac === "string" ? kept.mac : "");
  const ok = given.length === expected.length && timingSafeEqual(given, expected);
  if (ok) checked.set(kept, key);
  return ok;
}

// The version of each user this process last read from the cache (every request reads it, with the session) or
// wrote (`userChanged`), and the loads under way: when a snapshot runs out, the requests of that moment share one.
const latestVersions = new LRUCache<number, string>({ max: 50_000 });
const loading = new Map<string, Promise<unknown>>();
const UNREAD = Symbol("the cache did not answer");

/**
 * `load()`, kept in the cache under `key` while the user's version stays what it was when it was read (and at most
 * SNAPSHOT_SECONDS): what a page reads of its user on every view and changes only with them.
 */
async function remembered<T>(
  userId: number,
  key: string,
  load: () => Promise<T>,
): Promise<Stamped<T> | { version: undefined; value: T }> {
  const cache = getCache();
  const [version, stamped] = await Promise.all([
    safely(() => cache.get<string>(versionKey(userId)), UNREAD),
    safely(() => cache.get<Signed<T>>(key), undefined),
  ]);
  // The cache did not answer: the database's answer, neither kept nor stamped. A new version here would throw away
  // every snapshot of the user on every instance, because of a moment's slowness (under load, it did, in waves).
  if (version === UNREAD) return { version: undefined, value: await shared(`${key}@unread`, load) };
  if (version) latestVersions.set(userId, version.value);
  if (
    version &&
    stamped &&
    stamped.freshUntil > Date.now() &&
    stamped.value.version === version.value &&
    authentic(key, stamped.value)
  )
    return { version: stamped.value.version, value: stamped.value.value };
  // Requests that find it missing at the same moment share one load (and, without a version yet, one new version).
  return shared(`${key}@${version?.value ?? ""}`, async () => {
    // The version is read before the database: a change that lands in between replaces it, so this is not used.
    let current = version?.value;
    if (!current) {
      current = newVersion();
      await safely(() => cache.set(versionKey(userId), current, VERSION_SECONDS), undefined);
      latestVersions.set(userId, current);
    }
    const value = await load();
    await safely(
      () => cache.set<Signed<T>>(key, signed(key, { version: current, value }), SNAPSHOT_SECONDS),
      undefined,
    );
    return { version: current, value };
  });
}

/** `load()`, shared by the requests that ask for `flight` while it runs. */
function shared<T>(flight: string, load: () => Promise<T>): Promise<T> {
  let landing = loading.get(flight) as Promise<T> | undefined;
  if (!landing) {
    landing = load();
    loading.set(flight, landing);
    const done = () => loading.delete(flight);
    void landing.then(done, done);
  }
  return landing;
}

/** The user of a live session, from the cache when its snapshot is of the user's current version, else from `load`. */
export async function rememberedSessionUser(
  userId: number,
  sessionId: string,
  load: () => Promise<SessionUser | undefined>,
): Promise<SessionUser | undefined> {
  // Null: the session was not live (ended, run out, or not this user's).
  return (await remembered(userId, snapshotKey(sessionId), async () => (await load()) ?? null)).value ?? undefined;
}

// This process's copies of what `rememberedOfUser` read, each with the version it was read under.
const ofUser = new LRUCache<string, Stamped<unknown>>({ max: 50_000, ttl: SNAPSHOT_SECONDS * 1000 });

/**
 * Something of a user's that their pages read on every view (their claims, their loan officer), kept like their
 * session's snapshot: whatever changes it must call `userChanged` after writing. Kept as JSON in Redis: plain values.
 * It is read after the request's session, which read the user's version from the cache: while that is the version
 * this process's copy was read under, the copy is used without another round trip.
 */
export async function rememberedOfUser<T>(userId: number, name: string, load: () => Promise<T>): Promise<T> {
  const key = `auth:user:${name}:${userId}`;
  const copy = ofUser.get(key) as Stamped<T> | undefined;
  if (copy && copy.version === latestVersions.get(userId)) return copy.value;
  const stamped = await remembered(userId, key, load);
  if (stamped.version) ofUser.set(key, stamped);
  return stamped.value;
}

/** After any change to a user or their sessions (written first): every snapshot of theirs is read again. */
export async function userChanged(userId: number): Promise<void> {
  const version = newVersion();
  latestVersions.set(userId, version);
  await safely(() => getCache().set(versionKey(userId), version, VERSION_SECONDS), undefined);
}
