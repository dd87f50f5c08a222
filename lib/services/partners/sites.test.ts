import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { createSite, findSite } from "./sites";

describe("finding a widget's site by its key", () => {
  let handle: DatabaseHandle;
  let siteKey: string;
  const sitesRead = () =>
    query.mock.calls.filter((call: unknown[]) => /^select .*"widget_sites"/s.test(String(call[0]))).length;
  let query: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
    ({ siteKey } = await createSite({ name: "Bank", allowedOrigins: ["https://bank.example"], dailyBudget: 100 }));
    query = vi.spyOn(handle.pglite!, "query");
  });
  afterAll(async () => {
    vi.useRealTimers();
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });

  it("reads the database once for the widgets loading at the same moment", async () => {
    const found = await Promise.all(Array.from({ length: 30 }, () => findSite(siteKey)));
    for (const site of found) expect(site?.allowedOrigins).toEqual(["https://bank.example"]);
    expect(sitesRead()).toBe(1);
    await findSite(siteKey);
    expect(sitesRead()).toBe(1);
  });

  it("reads it again ahead of the half minute without making a widget wait, and never uses it older", async () => {
    vi.useFakeTimers({ now: Date.now() + 26_000, toFake: ["Date"] });
    await handle.db.execute(
      `update app.widget_sites set allowed_origins = '{https://new.bank.example}' where site_key = '${siteKey}'`,
    );
    query.mockClear();
    // 26 s old: answered at once, as it was, while one read starts.
    const answers = await Promise.all(Array.from({ length: 10 }, () => findSite(siteKey)));
    for (const site of answers) expect(site?.allowedOrigins).toEqual(["https://bank.example"]);
    await vi.waitFor(() => expect(sitesRead()).toBe(1));
    await vi.waitFor(async () =>
      expect((await findSite(siteKey))?.allowedOrigins).toEqual(["https://new.bank.example"]),
    );
    expect(sitesRead()).toBe(1);

    // Past the half minute with no read landed, a widget waits for the database's answer.
    await handle.db.execute(
      `update app.widget_sites set allowed_origins = '{https://third.bank.example}' where site_key = '${siteKey}'`,
    );
    vi.setSystemTime(Date.now() + 31_000);
    expect((await findSite(siteKey))?.allowedOrigins).toEqual(["https://third.bank.example"]);
  });

  it("remembers that a key is unknown too", async () => {
    query.mockClear();
    expect(await findSite("site_nobody")).toBeUndefined();
    expect(await findSite("site_nobody")).toBeUndefined();
    expect(sitesRead()).toBe(1);
  });
});
