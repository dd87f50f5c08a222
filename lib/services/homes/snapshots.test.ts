import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { saveSnapshot, snapshotsIn } from "./snapshots";

describe("valuation snapshots", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => handle.close());

  it("keeps one estimate per home and date: the same date again replaces it, another date adds a point", async () => {
    const home = "3901 WALLINGFORD AVE N, SEATTLE, WA 98103";
    await saveSnapshot(handle.db, home, {
      date: "2026-10-01",
      value: 600_000.4,
      low: 550_000,
      high: 650_000,
      confidence: 80,
    });
    await saveSnapshot(handle.db, home, { date: "2026-10-01", value: 601_000, low: 551_000, high: 651_000 });
    expect(await snapshotsIn(handle.db, home)).toEqual([
      { date: "2026-10-01", value: 601_000, low: 551_000, high: 651_000 },
    ]);
    await saveSnapshot(handle.db, home, { date: "2026-11-01", value: 610_000, low: 560_000, high: 660_000 });
    await saveSnapshot(handle.db, "ANOTHER HOME", { date: "2026-11-01", value: 1, low: 1, high: 1 });
    expect((await snapshotsIn(handle.db, home)).map((s) => s.date)).toEqual(["2026-10-01", "2026-11-01"]);
  });
});
