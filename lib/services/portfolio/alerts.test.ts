import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { clients, leads, opportunities, users } from "@/lib/db/schema";
import { firstScreen, markAlertsSeen } from "./alerts";
import { pageOfClients } from "./clients";

const database = vi.hoisted(() => ({ handle: undefined as Promise<DatabaseHandle> | undefined }));
vi.mock("@/lib/db", async (original) => ({ ...(await original<object>()), getDatabase: () => database.handle! }));

const NOW = new Date("2026-12-02T15:00:00Z");
const SEEN = new Date("2026-12-01T15:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
type Kind = (typeof opportunities.$inferInsert)["kind"];

describe("the officer's first screen", () => {
  let handle: DatabaseHandle;
  let officer: SessionUser;
  let colleague: SessionUser;
  let admin: SessionUser;
  const person = (id: number, role: SessionUser["role"], email: string): SessionUser =>
    ({ id, role, email, ownerIds: [], name: null }) as unknown as SessionUser;
  let n = 0;
  async function client(officerId: number, name: string, phone: string | null = "+15125550142") {
    n += 1;
    const [row] = await handle.db
      .insert(clients)
      .values({
        officerId,
        firstName: name,
        lastName: "Client",
        personKey: `${name} ${n}`.toUpperCase(),
        email: `${name.toLowerCase()}@example.com`,
        phone,
        address: `${n} Main St, Austin, TX 78701`,
        addressKey: `${n}-main`,
      })
      .returning({ id: clients.id });
    return row!.id;
  }
  async function opportunity(
    clientId: number,
    kind: Kind,
    fields: Partial<typeof opportunities.$inferInsert> = {},
  ): Promise<number> {
    const [row] = await handle.db
      .insert(opportunities)
      .values({ clientId, kind, reason: `${kind} reason`, figures: {}, ...fields })
      .returning({ id: opportunities.id });
    return row!.id;
  }

  beforeAll(async () => {
    database.handle = openDatabase({ dataDir: "memory://" });
    handle = await database.handle;
    const staff = await handle.db
      .insert(users)
      .values([
        { email: "officer@example.com", passwordHash: "x", role: "loan_officer", alertsSeenAt: SEEN },
        { email: "colleague@example.com", passwordHash: "x", role: "loan_officer", alertsSeenAt: null },
        { email: "admin@example.com", passwordHash: "x", role: "admin", alertsSeenAt: SEEN },
      ])
      .returning({ id: users.id });
    officer = person(staff[0]!.id, "loan_officer", "officer@example.com");
    colleague = person(staff[1]!.id, "loan_officer", "colleague@example.com");
    admin = person(staff[2]!.id, "admin", "admin@example.com");
  });
  afterAll(() => handle.close());

  it("counts as new only what opened since the officer looked, never the first refresh's starting list", async () => {
    const ana = await client(officer.id, "Ana");
    const ben = await client(officer.id, "Ben");
    const fresh = await opportunity(ana, "home_equity_line", { openedAt: hoursAgo(2) });
    await opportunity(ana, "value_moved", { openedAt: hoursAgo(30) }); // before the officer looked
    await opportunity(ben, "home_equity_line", { openedAt: hoursAgo(1), baseline: true }); // the starting list
    await opportunity(ben, "rate_refinance", { openedAt: hoursAgo(1), status: "contacted" });
    await opportunity(ben, "engagement", { openedAt: hoursAgo(3) });
    const screen = await firstScreen(officer, NOW);
    expect(screen.alerts.count).toBe(2);
    expect(screen.alerts.listed.map((a) => [a.client.name, a.kind])).toEqual([
      ["Ana Client", "home_equity_line"],
      ["Ben Client", "engagement"],
    ]);
    expect(screen.engaged).toBe(1);
    // The client list marks the same ones new.
    const page = await pageOfClients(officer, { sort: "name", page: 1 });
    const tags = page.clients.flatMap((c) => c.opportunities.filter((o) => o.new).map((o) => o.id));
    expect(tags).toContain(fresh);
    expect(tags).toHaveLength(2);
    // An officer who never looked sees every open one (the starting list aside) as new; another officer's are not
    // theirs.
    expect((await firstScreen(colleague, NOW)).alerts.count).toBe(0);
    const carl = await client(colleague.id, "Carl");
    await opportunity(carl, "cash_out", { openedAt: hoursAgo(400) });
    await opportunity(carl, "home_equity_line", { openedAt: hoursAgo(400), baseline: true });
    expect((await firstScreen(colleague, NOW)).alerts.count).toBe(1);
    expect((await firstScreen(officer, NOW)).alerts.count).toBe(2);
    // The admin sees everyone's: Ana's and Ben's since they looked (Carl's opened before).
    expect((await firstScreen(admin, NOW)).alerts.count).toBe(2);
  });

  it("marks the alerts seen from the moment they were read: nothing is new after, and the time never goes back", async () => {
    const read = hoursAgo(0.5);
    await markAlertsSeen(officer, read);
    expect((await firstScreen(officer, NOW)).alerts.count).toBe(0);
    const page = await pageOfClients(officer, { sort: "name", page: 1 });
    expect(page.clients.flatMap((c) => c.opportunities.filter((o) => o.new))).toEqual([]);
    await markAlertsSeen(officer, hoursAgo(5));
    const [row] = await handle.db.select().from(users).where(eq(users.id, officer.id));
    expect(row!.alertsSeenAt).toEqual(read);
    // One opened after the read (while the page was drawn) is new at the next look.
    const dana = await client(officer.id, "Dana");
    await opportunity(dana, "cash_out", { openedAt: hoursAgo(0.25) });
    expect((await firstScreen(officer, NOW)).alerts.count).toBe(1);
  });

  it("ranks the three most valuable actions: each client's best, open, by its worth then its money, with the contact", async () => {
    const ids: Record<string, number> = {};
    for (const [name, worth, amount, best, status] of [
      ["Eve", 2400, 40_000, true, "open"],
      ["Fay", 6000, 10_000, true, "open"],
      ["Gus", 2400, 90_000, true, "open"],
      ["Hal", 9000, 500_000, false, "open"], // not the client's best
      ["Ivy", 12_000, 0, true, "contacted"], // being worked already
      ["Jon", 100, 1_000, true, "open"], // the fourth
    ] as const) {
      const id = await client(officer.id, name, name === "Fay" ? null : "+15125550142");
      ids[name] = await opportunity(id, "rate_refinance", { worth, amount, best, status });
    }
    const top = (await firstScreen(officer, NOW)).top;
    expect(top.map((a) => a.client.name)).toEqual(["Fay Client", "Gus Client", "Eve Client"]);
    expect(top[0]).toMatchObject({
      id: ids.Fay,
      short: "Rate refinance",
      reason: "rate_refinance reason",
      client: { phone: null, email: "fay@example.com", address: expect.stringContaining("Main St") },
    });
    expect(top[1]!.client.phone).toBe("+15125550142");
    expect((await firstScreen(colleague, NOW)).top).toEqual([]);
  });

  it("counts the day's new leads and those still waiting, the officer's own and released only", async () => {
    const lead = (fields: Partial<typeof leads.$inferInsert>) => ({
      officerId: officer.id,
      source: "dashboard" as const,
      kind: "call" as const,
      day: "2026-12-02",
      ...fields,
    });
    await handle.db.insert(leads).values([
      lead({ createdAt: hoursAgo(1) }),
      lead({ createdAt: hoursAgo(23) }),
      lead({ createdAt: hoursAgo(25) }), // yesterday's, still waiting
      lead({ createdAt: hoursAgo(2), status: "contacted" }),
      lead({ createdAt: hoursAgo(2), heldAt: hoursAgo(2) }), // held for review: the admins'
      lead({ createdAt: hoursAgo(2), officerId: colleague.id }),
    ]);
    expect((await firstScreen(officer, NOW)).leads).toEqual({ today: 2, waiting: 3 });
    expect((await firstScreen(colleague, NOW)).leads).toEqual({ today: 1, waiting: 1 });
    expect((await firstScreen(admin, NOW)).leads).toEqual({ today: 4, waiting: 5 });
  });
});
