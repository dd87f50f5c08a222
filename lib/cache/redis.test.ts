import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisCache, type Cache } from ".";

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)("the cache in Redis", () => {
  // Connected when the suite runs, not when it is collected: a run without REDIS_URL opens no connection.
  let redis: Redis;
  let cache: Cache;
  beforeAll(() => {
    redis = new Redis(REDIS_URL!, { enableAutoPipelining: true });
    cache = redisCache(redis, 60, `test-${randomBytes(6).toString("hex")}`);
  });
  afterAll(() => redis.quit());

  it("reads a key once for the requests whose local copy ran out at the same moment", async () => {
    await cache.set("answer", { value: 42 }, 60);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const gets = vi.spyOn(redis, "get");
    // The copy is 5 ms old: too old for these readers, who share one read of Redis.
    const reads = await Promise.all(Array.from({ length: 30 }, () => cache.get("answer", { localMs: 1 })));
    expect(gets).toHaveBeenCalledTimes(1);
    for (const read of reads) expect(read?.value).toEqual({ value: 42 });
    // And the copy it brought back serves the next reader, who accepts a copy that old.
    expect((await cache.get("answer", { localMs: 1_000 }))?.value).toEqual({ value: 42 });
    expect(gets).toHaveBeenCalledTimes(1);
    gets.mockRestore();
  });

  it("gives every reader that takes no local copy a read of its own (a user's version must be as of the request)", async () => {
    await cache.set("version", "v1", 60);
    const gets = vi.spyOn(redis, "get");
    const reads = await Promise.all(Array.from({ length: 5 }, () => cache.get("version")));
    expect(gets).toHaveBeenCalledTimes(5);
    for (const read of reads) expect(read?.value).toBe("v1");
    gets.mockRestore();
  });
});
