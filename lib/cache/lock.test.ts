import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryCache, redisCache, type Cache } from ".";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REDIS_URL = process.env.REDIS_URL;
const redis = REDIS_URL ? new Redis(REDIS_URL) : undefined;
afterAll(() => redis?.quit());

// The Redis variant is declared without REDIS_URL too, so that a run without it reports it as skipped.
const caches: [string, (() => Cache) | undefined][] = [
  ["in memory", () => memoryCache(60)],
  ["in Redis", redis && (() => redisCache(redis, 60, `lock-test-${randomBytes(6).toString("hex")}`))],
];

for (const [kind, make] of caches)
  describe.skipIf(!make)(`the single-flight lock ${kind}`, () => {
    it("is held by one at a time, and free again when its holder lets go", async () => {
      const cache = make!();
      const token = await cache.lock("k", 5_000);
      expect(token).toBeTruthy();
      expect(await cache.lock("k", 5_000)).toBeUndefined();
      await cache.unlock("k", token!);
      expect(await cache.lock("k", 5_000)).toBeTruthy();
    });

    it("cannot be released by a holder whose lock ran out and was taken by the next", async () => {
      const cache = make!();
      const late = await cache.lock("k", 30);
      await pause(60);
      const next = await cache.lock("k", 5_000);
      expect(next).toBeTruthy();
      expect(next).not.toBe(late);
      // The first holder finishes and lets go of what it believes is its lock: the next holder's stays.
      await cache.unlock("k", late!);
      expect(await cache.lock("k", 5_000)).toBeUndefined();
      await cache.unlock("k", next!);
      expect(await cache.lock("k", 5_000)).toBeTruthy();
    });
  });
