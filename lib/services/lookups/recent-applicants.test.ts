import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { recentApplicants, users } from "@/lib/db/schema";
import { addressKeyOf } from "@/lib/services/homes/addresses";

const database = vi.hoisted(() => ({ handle: undefined as Promise<DatabaseHandle> | undefined }));
vi.mock("@/lib/db", async (original) => ({ ...(await original<object>()), getDatabase: () => database.handle! }));
const { RECENT_APPLICANTS_KEPT, applicantAt, recentApplicantsOf, rememberApplicant, sweepRecentApplicants } =
  await import("./recent-applicants");

const HOME = addressKeyOf("2633 n 26th st, phoenix, az 85008-1234");
const OTHER = addressKeyOf("2800 N 24th St, Phoenix, AZ 85008");

describe("an officer's recent applicants", () => {
  let handle: DatabaseHandle;
  let officer: number;
  let colleague: number;
  beforeAll(async () => {
    database.handle = openDatabase({ dataDir: "memory://" });
    handle = await database.handle;
    const staff = await handle.db
      .insert(users)
      .values([
        { email: "officer@example.com", passwordHash: "x", role: "loan_officer" },
        { email: "colleague@example.com", passwordHash: "x", role: "loan_officer" },
      ])
      .returning({ id: users.id });
    [officer, colleague] = staff.map((u) => u.id) as [number, number];
  });
  afterAll(() => handle.close());

  it("lists the last verified first, one row per address with its latest name, and only to the officer who verified", async () => {
    await rememberApplicant(officer, HOME, "Samantha Jones");
    await rememberApplicant(officer, OTHER, "Patrick Lindqvist");
    expect(await recentApplicantsOf(officer)).toEqual([
      { address: "2800 N 24th St, Phoenix, AZ 85008", applicant: "Patrick Lindqvist", lookedUpAt: expect.any(Date) },
      { address: "2633 N 26th St, Phoenix, AZ 85008", applicant: "Samantha Jones", lookedUpAt: expect.any(Date) },
    ]);
    // The same home spelt another way is the same row: the newer name replaces the older and moves it first.
    await rememberApplicant(officer, addressKeyOf("2633 N 26TH ST, PHOENIX, AZ 85008"), "Sam Jones");
    expect((await recentApplicantsOf(officer)).map((a) => a.applicant)).toEqual(["Sam Jones", "Patrick Lindqvist"]);
    expect(await applicantAt(officer, HOME.key)).toBe("Sam Jones");

    expect(await recentApplicantsOf(colleague)).toEqual([]);
    expect(await applicantAt(colleague, HOME.key)).toBeUndefined();
  });

  it(`keeps the newest ${RECENT_APPLICANTS_KEPT} per officer`, async () => {
    for (let n = 0; n < RECENT_APPLICANTS_KEPT + 5; n++)
      await rememberApplicant(colleague, addressKeyOf(`${100 + n} E Oak St, Phoenix, AZ 85008`), `Person ${n}`);
    const kept = await recentApplicantsOf(colleague);
    expect(kept).toHaveLength(RECENT_APPLICANTS_KEPT);
    expect(kept[0]!.applicant).toBe(`Person ${RECENT_APPLICANTS_KEPT + 4}`);
    expect(kept.at(-1)!.applicant).toBe("Person 5");
    const rows = await handle.db.select().from(recentApplicants).where(eq(recentApplicants.userId, colleague));
    expect(rows).toHaveLength(RECENT_APPLICANTS_KEPT);
  });

  it("forgets applicants nobody looked up again within the retention period, and goes with the officer's account", async () => {
    await handle.db
      .update(recentApplicants)
      .set({ lookedUpAt: sql`now() - interval '91 days'` })
      .where(eq(recentApplicants.addressKey, OTHER.key));
    expect(await sweepRecentApplicants()).toBe(1);
    expect((await recentApplicantsOf(officer)).map((a) => a.applicant)).toEqual(["Sam Jones"]);

    await handle.db.delete(users).where(eq(users.id, officer));
    const left = await handle.db.select().from(recentApplicants).where(eq(recentApplicants.userId, officer));
    expect(left).toEqual([]);
  });
});
