import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { upstreamCalls } from "@/lib/db/schema";

const database = vi.hoisted(() => ({ handle: undefined as Promise<DatabaseHandle> | undefined }));
vi.mock("@/lib/db", async (original) => ({ ...(await original<object>()), getDatabase: () => database.handle! }));
const { meter, meterSettled, usageByUser, usageSummary } = await import("./meter");

describe("the meter", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database.handle = openDatabase({ dataDir: "memory://" });
    handle = await database.handle;
  });
  afterAll(() => handle.close());

  it("counts every request, writing free answers that arrive together as one row each and every paid call as its own", async () => {
    const home = {
      operation: "valuationEstimate" as const,
      key: "3901 WALLINGFORD AVE N, SEATTLE, WA 98103",
      label: "3901 WALLINGFORD AVE N",
    };
    const written = [meter({ ...home, userId: 1, outcome: "miss", billable: 1 })];
    for (let i = 0; i < 200; i++) written.push(meter({ ...home, userId: 1, outcome: "hit", billable: 0 }));
    for (let i = 0; i < 30; i++) written.push(meter({ ...home, userId: 2, outcome: "coalesced", billable: 0 }));
    written.push(
      meter({ ...home, userId: 2, outcome: "miss", billable: 1 }),
      meter({ ...home, userId: 2, outcome: "error", billable: 1 }),
    );
    await Promise.all(written);
    await meterSettled();

    const [row] = (await usageSummary()).total;
    expect(row).toMatchObject({
      operation: "valuationEstimate",
      upstreamCalls: 3,
      billableRequests: 3,
      cacheHits: 230,
      errors: 1,
    });
    const byUser = await usageByUser();
    expect(byUser.reduce((sum, u) => sum + u.requests, 0)).toBe(233);
    expect(byUser.reduce((sum, u) => sum + u.hits, 0)).toBe(230);
    // 233 requests in a handful of rows: the paid ones one each, the free ones by batch and kind.
    const rows = await handle.db.select().from(upstreamCalls);
    expect(rows.filter((r) => r.outcome === "miss" || r.outcome === "error")).toHaveLength(3);
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(rows.reduce((sum, r) => sum + r.requests, 0)).toBe(233);
  });
});
