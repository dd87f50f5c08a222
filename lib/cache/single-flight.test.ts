import { describe, expect, it, vi } from "vitest";
import type { Cache, Entry } from "@/lib/cache";
import { log } from "@/lib/log";
import { Refused, singleFlight, type Flight, type Landed } from "./single-flight";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One cache shared by every instance, each command a round trip of up to `latencyMs` (like Redis). */
function sharedCache(latencyMs = 2): Cache & { entries: Map<string, Entry<unknown>> } {
  const entries = new Map<string, Entry<unknown>>();
  const locks = new Map<string, { until: number; token: string }>();
  const trip = () => pause(Math.random() * latencyMs);
  return {
    kind: "redis",
    entries,
    async get<T>(key: string) {
      await trip();
      return entries.get(key) as Entry<T> | undefined;
    },
    async set(key, value, ttlSeconds) {
      await trip();
      entries.set(key, { value, storedAt: Date.now(), freshUntil: Date.now() + ttlSeconds * 1000 });
    },
    async lock(key, ms) {
      await trip();
      if ((locks.get(key)?.until ?? 0) > Date.now()) return undefined;
      const token = Math.random().toString(36);
      locks.set(key, { until: Date.now() + ms, token });
      return token;
    },
    async unlock(key, token) {
      await trip();
      if (locks.get(key)?.token === token) locks.delete(key);
    },
    async clear() {
      entries.clear();
    },
  };
}

const brokenCache: Cache = {
  kind: "redis",
  get: () => Promise.reject(new Error("ECONNREFUSED")),
  set: () => Promise.reject(new Error("ECONNREFUSED")),
  lock: () => Promise.reject(new Error("ECONNREFUSED")),
  unlock: () => Promise.reject(new Error("ECONNREFUSED")),
  clear: () => Promise.reject(new Error("ECONNREFUSED")),
};

/** An app instance: its own in-process flights, the shared cache; a request looks in the cache, then joins. */
function instance(cache: Cache, timing = { lockMs: 2_000, pollMs: 5 }) {
  const join = singleFlight(() => cache, new Map<string, Promise<Landed<unknown>>>(), timing);
  return async <T>(flight: Flight<T>): Promise<T> => {
    const entry = await cache.get<T>(flight.key).catch(() => undefined);
    if (entry && entry.freshUntil > Date.now()) return entry.value;
    return (await join(flight)).value;
  };
}

function counted<T>(fetch: () => Promise<T>) {
  const calls = { admitted: 0, fetched: 0 };
  const flight = (key: string, admit = async () => {}): Flight<T> => ({
    key,
    ttlSeconds: 60,
    admit: async () => {
      calls.admitted++;
      await admit();
    },
    fetch: async () => {
      calls.fetched++;
      return fetch();
    },
  });
  return { calls, flight };
}

describe("singleFlight", () => {
  it("calls once and admits once for 50 identical requests split across two instances, round after round", async () => {
    // Round trips as slow as the answer: the window between a request's first look and its lock is wide.
    const cache = sharedCache(5);
    const apps = [instance(cache), instance(cache)];
    for (let round = 0; round < 40; round++) {
      const { calls, flight } = counted(async () => {
        await pause(2 + Math.random() * 10);
        return `answer ${round}`;
      });
      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          await pause(Math.random() * 25);
          return apps[i % 2]!(flight(`summary:${round}`));
        }),
      );
      expect(answers).toEqual(Array(50).fill(`answer ${round}`));
      expect(calls, `round ${round}`).toEqual({ admitted: 1, fetched: 1 });
    }
  });

  it("looks in the cache again once it holds the lock: an answer stored since the first look is not bought twice", async () => {
    const cache = sharedCache(0);
    const join = singleFlight(() => cache, new Map(), { lockMs: 2_000, pollMs: 5 });
    // The previous holder stored the answer and let go after this request's own look found nothing.
    await cache.set("k", "stored", 60);
    const { calls, flight } = counted(async () => "bought");
    expect(await join(flight("k"))).toMatchObject({ value: "stored", called: false });
    expect(calls).toEqual({ admitted: 0, fetched: 0 });
  });

  it("gives every request that joined a failed call its error, and calls once in the instance", async () => {
    const cache = sharedCache();
    const app = instance(cache);
    const { calls, flight } = counted(async () => {
      await pause(5);
      throw new Error("upstream 500");
    });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => app(flight("k"))));
    expect(results.every((r) => r.status === "rejected" && (r.reason as Error).message === "upstream 500")).toBe(true);
    expect(calls).toEqual({ admitted: 1, fetched: 1 });
  });

  it("lets another instance's waiter call once the holder let go without an answer", async () => {
    const cache = sharedCache(0);
    const [first, second] = [instance(cache), instance(cache)];
    let attempt = 0;
    const { calls, flight } = counted(async () => {
      await pause(20);
      if (++attempt === 1) throw new Error("upstream 500");
      return "second try";
    });
    const leader = first(flight("k"));
    await pause(5);
    const waiter = second(flight("k"));
    await expect(leader).rejects.toThrow("upstream 500");
    await expect(waiter).resolves.toBe("second try");
    expect(calls).toEqual({ admitted: 2, fetched: 2 });
  });

  it("turns away only the leader whose allowance is spent: a request that joined its flight leads the next", async () => {
    const cache = sharedCache();
    const join = singleFlight(() => cache, new Map(), { lockMs: 2_000, pollMs: 5 });
    const { calls, flight } = counted(async () => {
      await pause(5);
      return "answer";
    });
    const limited = join(flight("k", async () => Promise.reject(new Error("429"))));
    const others = Array.from({ length: 5 }, () => join(flight("k")));
    const refused = await limited.catch((error: unknown) => error);
    expect(Refused.is(refused) && (refused.reason as Error).message).toBe("429");
    expect((await Promise.all(others)).map((landed) => landed.value)).toEqual(Array(5).fill("answer"));
    expect(calls).toEqual({ admitted: 2, fetched: 1 });
  });

  it("waits no longer than the lock lives for a holder that died", async () => {
    const cache = sharedCache(0);
    // The holder died with 100 ms of its 2 s lock left: the waiter calls once those 100 ms are up, not at its own 2 s.
    await cache.lock("k", 100);
    const { calls, flight } = counted(async () => "answer");
    const started = Date.now();
    expect((await singleFlight(() => cache, new Map(), { lockMs: 2_000, pollMs: 5 })(flight("k"))).value).toBe(
      "answer",
    );
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1_000);
    expect(calls).toEqual({ admitted: 1, fetched: 1 });
  });

  it("stops waiting once its own lock's lifetime is past, though the lock is never free", async () => {
    const cache = sharedCache(0);
    // Someone keeps the lock far longer than a lock lives: the waiter calls at its own 100 ms, not at the minute.
    await cache.lock("k", 60_000);
    const { calls, flight } = counted(async () => "answer");
    const started = Date.now();
    expect((await singleFlight(() => cache, new Map(), { lockMs: 100, pollMs: 5 })(flight("k"))).value).toBe("answer");
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1_000);
    expect(calls).toEqual({ admitted: 1, fetched: 1 });
  });

  it("a leader that outlives its lock does not release the next leader's: a third waits for the second's answer", async () => {
    const cache = sharedCache(0);
    let fetched = 0;
    const flight = (fetch: () => Promise<string>): Flight<string> => ({
      key: "k",
      ttlSeconds: 60,
      admit: async () => {},
      fetch: async () => {
        fetched++;
        return fetch();
      },
    });
    // The first leader's call outlives its 40 ms lock, then fails; the second took the lock meanwhile and is slow.
    const first = singleFlight(() => cache, new Map(), { lockMs: 40, pollMs: 5 })(
      flight(() => pause(100).then(() => Promise.reject(new Error("timeout")))),
    );
    await pause(60);
    const second = singleFlight(() => cache, new Map(), { lockMs: 1_000, pollMs: 5 })(
      flight(() => pause(150).then(() => "answer")),
    );
    await expect(first).rejects.toThrow("timeout");
    await pause(10);
    // The second still holds the lock: the third waits for its answer instead of calling too.
    const third = singleFlight(() => cache, new Map(), { lockMs: 1_000, pollMs: 5 })(flight(async () => "third's own"));
    expect((await second).value).toBe("answer");
    expect((await third).value).toBe("answer");
    expect(fetched).toBe(2);
  });

  it("still coalesces in the process when the cache is unavailable", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const app = instance(brokenCache);
    const { calls, flight } = counted(async () => {
      await pause(5);
      return "answer";
    });
    expect(await Promise.all(Array.from({ length: 10 }, () => app(flight("k"))))).toEqual(Array(10).fill("answer"));
    expect(calls).toEqual({ admitted: 1, fetched: 1 });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
