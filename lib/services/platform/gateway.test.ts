import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Cache, Entry } from "@/lib/cache";
import { PropertyApiError } from "@/lib/property-api";

// A cache the test can look into and hold locks in, as another instance would.
const entries = new Map<string, Entry<unknown>>();
const heldLocks = new Set<string>();
const cache: Cache = {
  kind: "memory",
  get: async <T>(key: string) => entries.get(key) as Entry<T> | undefined,
  set: async (key, value, ttlSeconds) =>
    void entries.set(key, { value, storedAt: Date.now(), freshUntil: Date.now() + ttlSeconds * 1000 }),
  lock: async (key) => (heldLocks.has(key) ? undefined : (heldLocks.add(key), key)),
  unlock: async (key) => void heldLocks.delete(key),
  clear: async () => entries.clear(),
};
const metered: { operation: string; key: string; outcome: string; billable: number }[] = [];
const spent: string[] = [];

vi.mock("@/lib/cache", () => ({ getCache: () => cache }));
vi.mock("./meter", () => ({ meter: async (row: (typeof metered)[number]) => void metered.push(row) }));
vi.mock("./resilience", () => ({ resilient: (_idempotent: boolean, call: () => Promise<unknown>) => call() }));
vi.mock("@/lib/rate-limit", async (original) => ({
  ...(await original<object>()),
  spend: async (_user: unknown, ip: string) => void spent.push(ip),
}));

const { cachedBatch, cachedCall } = await import("./gateway");

const caller = { ip: "192.0.2.1" };
const failure = () =>
  new PropertyApiError({ operation: "normalizeAddresses", status: 503, kind: "http", message: "down" });
const outcomes = () => metered.map((row) => `${row.key}:${row.outcome}:${row.billable}`).sort();

beforeEach(() => {
  entries.clear();
  heldLocks.clear();
  metered.length = 0;
  spent.length = 0;
});

describe("cachedCall", () => {
  it("makes one upstream call for 20 identical requests at once: one pays, the others are metered as coalesced", async () => {
    const fetch = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { value: 1 };
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cachedCall(caller, { operation: "valuationEstimate", key: "A", ttlSeconds: 60, fetch }),
      ),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(answers.every((answer) => answer.value.value === 1 && !answer.stale)).toBe(true);
    expect(spent).toHaveLength(1);
    expect(metered.filter((row) => row.outcome === "miss")).toHaveLength(1);
    expect(metered.filter((row) => row.outcome === "coalesced" && row.billable === 0)).toHaveLength(19);
    // And the next one is a cache hit.
    await cachedCall(caller, { operation: "valuationEstimate", key: "A", ttlSeconds: 60, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(metered.at(-1)?.outcome).toBe("hit");
  });

  it("waits while another instance holds the lock, and takes the answer it stores without calling or paying", async () => {
    heldLocks.add("valuationEstimate:B");
    setTimeout(() => void cache.set("valuationEstimate:B", { value: 2 }, 60), 120);
    const fetch = vi.fn(async () => ({ value: 3 }));
    const answer = await cachedCall(caller, { operation: "valuationEstimate", key: "B", ttlSeconds: 60, fetch });
    expect(answer.value).toEqual({ value: 2 });
    expect(fetch).not.toHaveBeenCalled();
    expect(spent).toHaveLength(0);
    expect(outcomes()).toEqual(["B:coalesced:0"]);
  });

  it("serves the stale answer, marked, when the service fails and an older one is cached", async () => {
    entries.set("valuationEstimate:C", { value: { value: 4 }, storedAt: 1, freshUntil: 2 });
    const answer = await cachedCall(caller, {
      operation: "valuationEstimate",
      key: "C",
      ttlSeconds: 60,
      fetch: async () => Promise.reject(failure()),
    });
    expect(answer).toMatchObject({ value: { value: 4 }, stale: true, fetchedAt: 1 });
    expect(outcomes()).toEqual(["C:stale:0"]);
  });
});

describe("cachedBatch", () => {
  const batch = (fetch: (inputs: string[]) => Promise<string[]>, keys = ["fresh", "old", "new"]) =>
    cachedBatch(caller, {
      operation: "normalizeAddresses",
      ttlSeconds: 60,
      items: keys.map((key) => ({ key, input: key })),
      fetch,
    });

  it("asks only for what the cache lacks, in one call, and pays one per item asked for", async () => {
    await cache.set("normalizeAddresses:fresh", "FRESH", 60);
    const fetch = vi.fn(async (inputs: string[]) => inputs.map((input) => input.toUpperCase()));
    const answers = await batch(fetch, ["fresh", "new", "new"]);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(["new"]);
    expect(answers.map((answer) => answer.value)).toEqual(["FRESH", "NEW", "NEW"]);
    expect(outcomes()).toEqual(["fresh:hit:0", "new:miss:1"]);
  });

  it("fails a partially stale batch when the service fails: what was never cached cannot be made up", async () => {
    await cache.set("normalizeAddresses:fresh", "FRESH", 60);
    entries.set("normalizeAddresses:old", { value: "OLD", storedAt: 1, freshUntil: 2 });
    await expect(batch(async () => Promise.reject(failure()))).rejects.toMatchObject({
      status: 502,
      code: "upstream_error",
    });
    expect(outcomes()).toEqual(["fresh:hit:0", "new:error:1", "old:error:1"]);
  });

  it("answers from stale entries, marked, when every item the service was asked for had one", async () => {
    await cache.set("normalizeAddresses:fresh", "FRESH", 60);
    entries.set("normalizeAddresses:old", { value: "OLD", storedAt: 1, freshUntil: 2 });
    const answers = await batch(async () => Promise.reject(failure()), ["fresh", "old"]);
    expect(answers.map((answer) => [answer.value, answer.stale])).toEqual([
      ["FRESH", false],
      ["OLD", true],
    ]);
    expect(outcomes()).toEqual(["fresh:hit:0", "old:stale:0"]);
  });
});
