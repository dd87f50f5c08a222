import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, signIn, unique } from "./client";

const app = inject("apps").embedded;
const DATABASE_URL = inject("apps").databaseUrl;
const [first, second, third] = houses(1770, 3) as [string, string, string];

async function newOfficer(admin: string): Promise<{ email: string; cookie: string }> {
  const email = `officer-${unique()}@example.com`;
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email, password: "officer-password", role: "loan_officer" },
  });
  expect(created.status).toBe(201);
  return { email, cookie: await signIn(app, email, "officer-password") };
}

const verify = (officer: string, address: string, name: { firstName: string; lastName: string }) =>
  call(app, "POST", "/api/homeowner/verify", { cookie: officer, body: { ...name, address } });

async function lookupPage(cookie: string, address?: string): Promise<string> {
  const response = await fetch(`${app.url}/lookup${address ? `?address=${encodeURIComponent(address)}` : ""}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The applicants' names in the page's "Recent applicants" list, in its order. */
function listed(page: string, names: string[]): string[] {
  const list = page.slice(page.indexOf(">Recent applicants<"));
  return names.filter((n) => list.includes(n)).sort((a, b) => list.indexOf(a) - list.indexOf(b));
}

const fullName = (address: string) => Object.values(deedName(address)).join(" ");

describe("an officer's recent applicants, kept on the server", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("are recorded by the verification, listed last first on /lookup to that officer only, and fill a reopened lookup", async () => {
    const officer = await newOfficer(admin);
    const colleague = await newOfficer(admin);
    const names = [fullName(first), fullName(second), "Jane Nobody"];
    expect((await verify(officer.cookie, first, deedName(first))).status).toBe(200);
    expect((await verify(officer.cookie, second, deedName(second))).status).toBe(200);
    // Not verified is still an applicant looked up; a refused request is not.
    expect((await verify(officer.cookie, third, { firstName: "Jane", lastName: "Nobody" })).body.isVerified).toBe(
      false,
    );
    const refused = await verify(officer.cookie, first, { firstName: "Mallory", lastName: "x".repeat(101) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty("lastName");

    const page = await lookupPage(officer.cookie);
    expect(listed(page, names)).toEqual(["Jane Nobody", names[1], names[0]]);
    expect(page).not.toContain("Mallory");
    // A new sign-in (no browser memory at all) finds them, and the reopened lookup comes with its applicant.
    const again = await signIn(app, officer.email, "officer-password");
    expect(await lookupPage(again, first)).toContain(`value="${names[0]}"`);

    const theirs = await lookupPage(colleague.cookie, first);
    expect(listed(theirs, names)).toEqual([]);
    expect(theirs).not.toContain(`value="${names[0]}"`);
  });

  it("'Your recent lookups' lists an address once, however it was typed and however many reads it took", async () => {
    const officer = await newOfficer(admin);
    const [home] = houses(1776, 1) as [string];
    // Typed without its ZIP code, then looked up in full: one address.
    const withoutZip = home.replace(/ \d{5}$/, "");
    expect(
      (await call(app, "POST", "/api/address/suggest", { cookie: officer.cookie, body: { address: withoutZip } }))
        .status,
    ).toBe(200);
    expect((await verify(officer.cookie, home, deedName(home))).status).toBe(200);
    expect((await call(app, "POST", "/api/avm", { cookie: officer.cookie, body: { address: home } })).status).toBe(200);
    const page = await lookupPage(officer.cookie);
    const history = page.slice(page.indexOf(">Your recent lookups<"), page.indexOf(">Recent applicants<"));
    expect(history.match(/<li/g)).toHaveLength(1);
    expect(history).toContain(`>${home}</a>`);
    expect(history).not.toContain(home.toUpperCase());
  });
});

/**
 * The rows' age and the officer's deletion are reached through the database: PostgreSQL only (run with DATABASE_URL).
 */
describe.skipIf(!DATABASE_URL)("recent applicants are disposed of (PostgreSQL)", () => {
  let admin: string;
  let db: postgres.Sql;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await db.end();
  });

  const rowsOf = async (email: string) =>
    (
      await db`select r.applicant from app.recent_applicants r join app.users u on u.id = r.user_id where lower(u.email) = ${email}`
    ).map((r) => r.applicant);

  it("by the housekeeping once nobody looked them up for RETENTION_DAYS, and with the officer's account", async () => {
    const officer = await newOfficer(admin);
    expect((await verify(officer.cookie, first, deedName(first))).status).toBe(200);
    expect((await verify(officer.cookie, second, deedName(second))).status).toBe(200);
    await db`update app.recent_applicants set looked_up_at = now() - interval '91 days'
      where applicant = ${fullName(first)} and user_id = (select id from app.users where lower(email) = ${officer.email})`;
    expect(
      (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "housekeeping" } })).status,
    ).toBe(202);
    await expect.poll(() => rowsOf(officer.email), { timeout: 60_000, interval: 300 }).toEqual([fullName(second)]);

    const [{ id }] = (await db`select id from app.users where lower(email) = ${officer.email}`) as unknown as [
      { id: number },
    ];
    expect((await call(app, "DELETE", `/api/admin/users/${id}`, { cookie: admin })).status).toBe(204);
    expect((await db`select count(*)::int as n from app.recent_applicants where user_id = ${id}`)[0]!.n).toBe(0);
  });
});
