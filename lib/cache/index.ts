import "server-only";
import { createHash, randomUUID } from "node:crypto";
import Redis from "ioredis";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { watchRedis } from "@/lib/observability/metrics";

export interface Entry<T> {
  value: T;
  /** When the answer was stored, ms since the epoch. */
  storedAt: number;
  /** Until when it is fresh; after that it is only served, marked stale, when the service fails. */
  freshUntil: number;
}

export interface GetOptions {
  /**
   * A copy this instance read or wrote within this many ms will do, while it is fresh: for answers that do not change
   * while they are fresh (the service's), or that may lag another instance's change that long (settings); never for a
   * user's version, which must apply at the next request everywhere.
   */
  localMs?: number;
}

export interface Cache {
  get<T>(key: string, options?: GetOptions): Promise<Entry<T> | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  /**
   * Takes a short lock (single-flight across instances): the holder's token, or undefined when someone else holds it.
   * Only that token lets it go, so a holder whose lock ran out cannot release the next holder's.
   */
  lock(key: string, ms: number): Promise<string | undefined>;
  unlock(key: string, token: string): Promise<void>;
  /** Forgets every answer (the embedded service's clock moved: what it said last month is no longer its answer). */
  clear(): Promise<void>;
  kind: "memory" | "redis";
}

/** The cache of one instance, in its memory (exported for its tests). */
export function memoryCache(staleSeconds: number): Cache {
  const entries = new LRUCache<string, Entry<unknown>>({ max: 50_000, ttl: 1000, ttlAutopurge: false });
  const locks = new Map<string, { until: number; token: string }>();
  return {
    kind: "memory",
    async get<T>(key: string) {
      return entries.get(key) as Entry<T> | undefined;
    },
    async set(key, value, ttlSeconds) {
      const now = Date.now();
      entries.set(
        key,
        { value, storedAt: now, freshUntil: now + ttlSeconds * 1000 },
        { ttl: (ttlSeconds + staleSeconds) * 1000 },
      );
    },
    async lock(key, ms) {
      const now = Date.now();
      if ((locks.get(key)?.until ?? 0) > now) return undefined;
      const token = randomUUID();
      locks.set(key, { until: now + ms, token });
      return token;
    },
    async unlock(key, token) {
      if (locks.get(key)?.token === token) locks.delete(key);
    },
    async clear() {
      entries.clear();
    },
  };
}

// How long the cache waits for Redis before answering without it (see `inTime`).
const CACHE_COMMAND_MS = 500;
// The cache's connection: each command's own limit, for a Redis that takes commands and never answers (the cache's
// reads and writes give up sooner, by `inTime`).
const COMMAND_BACKSTOP_MS = 5_000;
// Other connections (the rate limiter's): a late answer means the in-memory stand-in answers, which is harmless even
// when the lateness is the loop's, so a plain timer will do.
const COMMAND_MS = 500;

/**
 * `work`, or an error when it has not settled `ms` after the call, counting only time the process could have read the
 * answer in. A server at full load runs its timers hundreds of ms late (its event loop busy with other requests), and a
 * plain timer then fires before the loop reads the answer already waiting in the socket: under load, every command
 * in flight "timed out" at once, each request fell back to the database or a flight of its own, and the load grew
 * (issue 16). The check waits for the loop's next read of its sockets (`setImmediate` runs after it).
 */
export function inTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new Error(`${what}: no answer within ${ms} ms`))), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * A Redis connection whose commands wait for the connection (at start) but never long: a slow or absent Redis is a
 * cache miss or the in-memory limiter, not a hang. It reconnects by itself; an outage is logged once, and its end.
 */
function connect(url: string, purpose: string, commandTimeout = COMMAND_MS): Redis {
  // Auto-pipelining sends the commands of one tick in one write: a page asks for several keys at once.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout, enableAutoPipelining: true });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, purpose }, "redis: not answering; going on without it until it is back");
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({ purpose }, "redis: back");
  });
  watchRedis(purpose, redis);
  return redis;
}

// The most a local copy of a Redis entry is kept: the service's answers are read on every view, and a round trip to
// Redis plus parsing the JSON again was a fifth of a cached answer's cost under load. Short, because `clear()` on one
// instance reaches the others' copies only when these run out.
const LOCAL_COPY_MS = 5_000;

/** Deletes a lock only while it still holds the caller's token (KEYS[1] the lock, ARGV[1] the token). */
const RELEASE_LOCK = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`;

/** The cache in Redis, shared by every instance, with this instance's short-lived copies (exported for its tests). */
export function redisCache(redis: Redis, staleSeconds: number, namespace: string): Cache {
  const local = new LRUCache<string, Entry<unknown>>({ max: 10_000, ttl: LOCAL_COPY_MS, ttlAutopurge: false });
  // Reads of keys whose local copy will do, under way: when a copy runs out, the requests of that moment share one.
  const reading = new Map<string, Promise<Entry<unknown> | undefined>>();
  const read = async <T>(key: string) => {
    const raw = await inTime(redis.get(`${namespace}:cache:${key}`), CACHE_COMMAND_MS, "redis get");
    const entry = raw ? (JSON.parse(raw) as Entry<T>) : undefined;
    if (entry) local.set(key, entry);
    else local.delete(key);
    return entry;
  };
  return {
    kind: "redis",
    async get<T>(key: string, options?: GetOptions) {
      // Without localMs, a read of its own: it must see every write that ended before it began (a user's version).
      if (!options?.localMs) return read<T>(key);
      const copy = local.get(key) as Entry<T> | undefined;
      const age = LOCAL_COPY_MS - local.getRemainingTTL(key);
      if (copy && copy.freshUntil > Date.now() && age <= options.localMs) return copy;
      let shared = reading.get(key) as Promise<Entry<T> | undefined> | undefined;
      if (!shared) {
        shared = read<T>(key).finally(() => reading.delete(key));
        reading.set(key, shared);
      }
      return shared;
    },
    async set(key, value, ttlSeconds) {
      const now = Date.now();
      const entry = { value, storedAt: now, freshUntil: now + ttlSeconds * 1000 };
      await inTime(
        redis.set(`${namespace}:cache:${key}`, JSON.stringify(entry), "EX", Math.max(1, ttlSeconds + staleSeconds)),
        CACHE_COMMAND_MS,
        "redis set",
      );
      local.set(key, entry);
    },
    async lock(key, ms) {
      const token = randomUUID();
      const taken = await inTime(
        redis.set(`${namespace}:lock:${key}`, token, "PX", ms, "NX"),
        CACHE_COMMAND_MS,
        "redis lock",
      );
      return taken === "OK" ? token : undefined;
    },
    async unlock(key, token) {
      // Compare and delete in one step: between a GET and a DEL the lock could run out and be taken by another.
      await inTime(redis.eval(RELEASE_LOCK, 1, `${namespace}:lock:${key}`, token), CACHE_COMMAND_MS, "redis unlock");
    },
    async clear() {
      local.clear();
      for await (const keys of redis.scanStream({ match: `${namespace}:cache:*`, count: 500 }) as AsyncIterable<
        string[]
      >) {
        if (keys.length) await redis.unlink(...keys);
      }
    },
  };
}

const globalForCache = globalThis as unknown as { appCache?: Cache };

/** The answer cache: in memory for one instance, Redis (REDIS_URL) when several share it. */
export function getCache(): Cache {
  return (globalForCache.appCache ??= env.REDIS_URL
    ? redisCache(
        connect(env.REDIS_URL, "cache", COMMAND_BACKSTOP_MS),
        env.CACHE_STALE_SECONDS,
        `${env.CACHE_NAMESPACE}:${upstreamId()}`,
      )
    : memoryCache(env.CACHE_STALE_SECONDS));
}

/** Answers of different upstreams never mix: the embedded service's, or a short hash of the real one's URL. */
function upstreamId(): string {
  return env.PROPERTY_API_BASE_URL
    ? createHash("sha256").update(env.PROPERTY_API_BASE_URL).digest("hex").slice(0, 8)
    : "embedded";
}

export function redisClient(purpose: string): Redis | undefined {
  return env.REDIS_URL ? connect(env.REDIS_URL, purpose) : undefined;
}
