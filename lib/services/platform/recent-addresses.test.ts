import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { upstreamCalls, users } from "@/lib/db/schema";

const database = vi.hoisted(() => ({ handle: undefined as Promise<DatabaseHandle> | undefined }));
vi.mock("@/lib/db", async (original) => ({ ...(await original<object>()), getDatabase: () => database.handle! }));
const { recentAddresses } = await import("./meter");

const HOME = "2633 N 26TH ST, PHOENIX, AZ 85008";
const OTHER = "2800 N 24TH ST, PHOENIX, AZ 85008";
const THIRD = "416 W MARY ST, AUSTIN, TX 78704";

describe("an officer's recent lookups", () => {
  let handle: DatabaseHandle;
  let officer: number;
  beforeAll(async () => {
    database.handle = openDatabase({ dataDir: "memory://" });
    handle = await database.handle;
    [{ id: officer }] = (await handle.db
      .insert(users)
      .values({ email: "officer@example.com", passwordHash: "x", role: "loan_officer" })
      .returning({ id: users.id })) as [{ id: number }];
  });
  afterAll(() => handle.close());

  it("lists each standardized address once, last read first, however many calls one of them took", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 15, minute));
    const call = (address: string, minute: number, operation = "propertySummary") => ({
      userId: officer,
      operation,
      addressLabel: address,
      outcome: "miss" as const,
      createdAt: at(minute),
    });
    await handle.db
      .insert(upstreamCalls)
      .values([
        call(THIRD, 0),
        call(OTHER, 1),
        call(HOME, 2),
        ...Array.from({ length: 70 }, (_, i) =>
          call(HOME, 3 + (i % 50), i % 2 ? "valuationEstimate" : "retrieveOwnerData"),
        ),
        call(OTHER, 55, "normalizeAddresses"),
      ]);
    expect(await recentAddresses(officer)).toEqual([
      { address: OTHER, at: at(55) },
      { address: HOME, at: at(52) },
      { address: THIRD, at: at(0) },
    ]);
  });
});
