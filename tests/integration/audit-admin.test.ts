import Papa from "papaparse";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { softAssertion } from "@/lib/testing/soft-passkey";
import { call, houses, newAccount, passkeyOf, signIn, unique } from "./client";
import { startOwnApp } from "./processes";
import type { AppInfo } from "./setup";

interface Event {
  id: number;
  at: string;
  action: string;
  description: string;
  outcome: string;
  actor: { ref: string | null; email: string | null; role: string | null; partnerSiteId: number | null };
  propertyId: string | null;
  address: string | null;
  detail: Record<string, unknown> | null;
}

const day = (iso: string, shift = 0) =>
  new Date(Date.parse(iso.slice(0, 10)) + shift * 86_400_000).toISOString().slice(0, 10);

/** The app's admin gives their second factor again (their passkey), as the step-up dialog has them do. */
async function stepUp(app: AppInfo, admin: string) {
  const options = (await call(app, "POST", "/api/account/second-factor/options", { cookie: admin })).body;
  const key = passkeyOf(app, app.admin.email)!;
  expect(
    (
      await call(app, "POST", "/api/account/second-factor", {
        cookie: admin,
        body: { passkey: softAssertion(key, options, app.url) },
      })
    ).status,
  ).toBe(200);
}

/** A new admin made by the app's admin (who confirms it is them first), signed in with a software passkey. */
async function newAdmin(app: AppInfo, admin: string, email = `auditor-${unique()}@example.com`) {
  await stepUp(app, admin);
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email, password: "auditor-password", role: "admin" },
  });
  expect(created.status).toBe(201);
  return { email, cookie: await signIn(app, email, "auditor-password") };
}

describe("the activity log read by an admin (the shared embedded app)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let auditor: { email: string; cookie: string };
  let officer: { email: string; cookie: string };
  let homeowner: string;
  const read = async (query: string, cookie = admin) => {
    const reply = await call(app, "GET", `/api/admin/audit${query}`, { cookie });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as { events: Event[]; nextBefore: number | null };
  };

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    auditor = await newAdmin(app, admin);
    const officerEmail = `officer-${unique()}@example.com`;
    expect(
      (
        await call(app, "POST", "/api/admin/users", {
          cookie: admin,
          body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
        })
      ).status,
    ).toBe(201);
    officer = { email: officerEmail, cookie: await signIn(app, officerEmail, "officer-password") };
    homeowner = (await newAccount(app)).cookie;
  });

  it("refuses everyone but admins: 401 signed out, 403 for a homeowner and for a loan officer", async () => {
    for (const path of ["/api/admin/audit", "/api/admin/audit?format=csv", "/api/admin/audit/verify"]) {
      expect((await call(app, "GET", path)).status, path).toBe(401);
      for (const cookie of [homeowner, officer.cookie]) {
        const reply = await call(app, "GET", path, { cookie });
        expect([reply.status, reply.body.error.code], path).toEqual([403, "forbidden"]);
      }
    }
  });

  it("answers a bad filter 400 naming the field", async () => {
    for (const [query, field] of [
      ["?outcome=maybe", "outcome"],
      ["?from=yesterday", "from"],
      ["?to=2024-02-30", "to"],
      ["?from=2024-05-02&to=2024-05-01", "to"],
      ["?action=coffee.break", "action"],
      ["?limit=500", "limit"],
      ["?before=-3", "before"],
      ["?format=xlsx", "format"],
    ] as const) {
      const reply = await call(app, "GET", `/api/admin/audit${query}`, { cookie: admin });
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe("invalid_request");
      expect(Object.keys(reply.body.error.fields), query).toEqual([field]);
      expect(reply.body.error.message, query).toMatch(new RegExp(`^${field}`));
    }
  });

  it("reads the events of one person, of one action and of one outcome, newest first", async () => {
    // Two checks of the chain by the second admin: each is a row of the log naming them.
    expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: auditor.cookie })).status).toBe(200);
    expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: auditor.cookie })).status).toBe(200);
    // The email in any case finds the same person.
    const theirs = await read(`?actor=${encodeURIComponent(auditor.email.toUpperCase())}&action=audit.verify`);
    expect(theirs.events).toHaveLength(2);
    for (const event of theirs.events) {
      expect(event).toMatchObject({
        action: "audit.verify",
        description: "Checked the activity log for tampering",
        outcome: "allowed",
        actor: { email: auditor.email, role: "admin" },
        detail: { ok: true },
      });
      expect(event.actor.ref).toMatch(/^u-[0-9a-f]{16}$/);
    }
    expect(theirs.events[0]!.id).toBeGreaterThan(theirs.events[1]!.id);

    const verifications = await read("?action=audit.verify&limit=200");
    expect(verifications.events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(verifications.events.map((e) => e.action))).toEqual(new Set(["audit.verify"]));

    const allowed = await read(`?actor=${encodeURIComponent(auditor.email)}&outcome=allowed`);
    expect(allowed.events.map((e) => e.id)).toEqual(expect.arrayContaining(theirs.events.map((e) => e.id)));
    expect(allowed.events.every((e) => e.outcome === "allowed")).toBe(true);
    expect((await read(`?actor=${encodeURIComponent(auditor.email)}&outcome=refused`)).events).toEqual([]);
    expect((await read(`?actor=nobody-${unique()}@example.com`)).events).toEqual([]);
  });

  it("reads between dates: a date as `to` takes in that whole day", async () => {
    const [newest] = (await read(`?actor=${encodeURIComponent(auditor.email)}&limit=1`)).events;
    expect(newest).toBeDefined();
    const ids = async (query: string) =>
      (await read(`?actor=${encodeURIComponent(auditor.email)}${query}`)).events.map((e) => e.id);
    expect(await ids(`&from=${day(newest!.at)}&to=${day(newest!.at)}`)).toContain(newest!.id);
    expect(await ids(`&from=${encodeURIComponent(newest!.at)}`)).toContain(newest!.id);
    expect(await ids(`&to=${encodeURIComponent(newest!.at)}`)).toContain(newest!.id);
    expect(await ids(`&to=${day(newest!.at, -1)}`)).not.toContain(newest!.id);
    expect(await ids(`&from=${day(newest!.at, 1)}`)).toEqual([]);
  });

  it("pages with the cursor: each page older than the last, none twice", async () => {
    const first = await read(`?actor=${encodeURIComponent(auditor.email)}&limit=1`);
    expect(first.events).toHaveLength(1);
    expect(first.nextBefore).toBe(first.events[0]!.id);
    const second = await read(`?actor=${encodeURIComponent(auditor.email)}&limit=1&before=${first.nextBefore}`);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]!.id).toBeLessThan(first.events[0]!.id);
    const all = await read(`?actor=${encodeURIComponent(auditor.email)}&limit=200`);
    expect(all.nextBefore).toBeNull();
    expect(all.events.slice(0, 2).map((e) => e.id)).toEqual([first.events[0]!.id, second.events[0]!.id]);
  });

  // The sign-in and lookup events are recorded by the services (issue 29's wiring): an officer's sign-in, and their
  // lookup of a home, found by who, what, the home's id and part of its address.
  it("reads an officer's sign-in and their lookup of a home by the home's id and by part of its address", async () => {
    const [address] = houses(640, 1) as [string];
    const looked = await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address)}`, {
      cookie: officer.cookie,
    });
    expect(looked.status).toBe(200);
    const signins = await read(`?actor=${encodeURIComponent(officer.email)}&action=signin`);
    expect(signins.events.length).toBeGreaterThanOrEqual(1);
    expect(signins.events[0]).toMatchObject({
      action: "signin",
      description: "Signed in",
      actor: { email: officer.email, role: "loan_officer" },
    });

    const street = address.split(",")[0]!;
    const byAddress = await read(
      `?actor=${encodeURIComponent(officer.email)}&address=${encodeURIComponent(street.toLowerCase())}`,
    );
    const lookup = byAddress.events.find((e) => e.propertyId !== null);
    expect(lookup, "the officer's lookup, with the home's id").toBeDefined();
    expect(byAddress.events.every((e) => e.address?.toLowerCase().includes(street.toLowerCase()))).toBe(true);
    const byHome = await read(`?propertyId=${lookup!.propertyId}`);
    expect(byHome.events.map((e) => e.id)).toContain(lookup!.id);
    expect(byHome.events.every((e) => e.propertyId === lookup!.propertyId)).toBe(true);
  });

  it("verifies the chain, and records that it did", async () => {
    const check = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: true, firstBadId: null });
    expect(check.body.events).toBeGreaterThan(0);
    const [recorded] = (await read(`?action=audit.verify&actor=${encodeURIComponent(app.admin.email)}&limit=1`)).events;
    expect(recorded).toMatchObject({
      outcome: "allowed",
      detail: { ok: true, events: check.body.events, firstBadId: null },
    });
  });

  const databaseUrl = inject("apps").databaseUrl;
  // Only PostgreSQL lets a test reach into the app's database (the embedded one is inside the app's process).
  describe.skipIf(!databaseUrl)("a row changed in the database", () => {
    const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined;
    afterAll(async () => {
      await sql?.end();
    });

    it("fails verification at that row, and verifies again once it is put back", async () => {
      const [target] = (await read(`?actor=${encodeURIComponent(auditor.email)}&action=audit.verify&limit=1`)).events;
      expect(target?.outcome).toBe("allowed");
      // Someone with the database's password turns an allowed read into a refused one.
      await sql!`update app.audit_events set outcome = 'refused' where id = ${target!.id}`;
      try {
        const check = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
        expect(check.body).toMatchObject({ ok: false, firstBadId: target!.id });
        expect(check.body.events).toBeGreaterThan(0);
      } finally {
        // Put back, so that every other file's check of the chain still passes.
        await sql!`update app.audit_events set outcome = 'allowed' where id = ${target!.id}`;
      }
      expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: admin })).body).toMatchObject({
        ok: true,
        firstBadId: null,
      });
    });
  });
});

/**
 * The CSV needs a second factor given in the last few minutes. An app of its own, whose step-up time is 3 s, so that a
 * session's factor grows old within the test.
 */
describe("the activity log as CSV (an app whose step-up time is 3 s)", () => {
  let stop: (() => Promise<void>) | undefined;
  let app: AppInfo;
  let admin: string;
  let dashAdmin: { email: string; cookie: string };

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("audit-admin", { STEP_UP_MINUTES: "0.05" }));
    admin = await signIn(app, app.admin.email, app.admin.password);
    // An admin whose email a spreadsheet would read as a formula ("-…" is a valid email): their check of the chain
    // puts that email in a cell of the file.
    dashAdmin = await newAdmin(app, admin, `-cmd-${unique()}@example.com`);
    expect((await call(app, "GET", "/api/admin/audit/verify", { cookie: dashAdmin.cookie })).status).toBe(200);
  });

  afterAll(async () => {
    await stop?.();
  });

  it("asks for a recent second factor before adding any staff member, an admin or an officer, and logs the refusal", async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    for (const role of ["admin", "loan_officer"])
      for (const invite of [false, true]) {
        const body = {
          email: `late-${unique()}@example.com`,
          role,
          ...(invite ? { invite } : { password: "auditor-password-2" }),
        };
        const stale = await call(app, "POST", "/api/admin/users", { cookie: admin, body });
        expect([role, invite, stale.status, stale.body.error.code]).toEqual([role, invite, 403, "step_up_required"]);
      }
    const refused = await call(app, "GET", "/api/admin/audit?action=user.create&outcome=refused", { cookie: admin });
    expect(refused.body.events[0]).toMatchObject({
      actor: { email: app.admin.email },
      detail: { role: "loan_officer", reason: "step_up_required" },
    });

    await stepUp(app, admin);
    for (const role of ["admin", "loan_officer"]) {
      const added = await call(app, "POST", "/api/admin/users", {
        cookie: admin,
        body: { email: `added-${unique()}@example.com`, role, password: "auditor-password-3" },
      });
      expect([role, added.status]).toEqual([role, 201]);
    }
  });

  it("asks for a recent second factor, then streams every matching event with formula-looking cells neutralized, and logs the export", async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const stale = await call(app, "GET", "/api/admin/audit?format=csv&action=audit.verify", { cookie: admin });
    expect([stale.status, stale.body.error.code]).toEqual([403, "step_up_required"]);
    // The refused attempt is in the log (reading the log as JSON needs no step-up).
    const refused = await call(app, "GET", "/api/admin/audit?action=audit.export&outcome=refused", { cookie: admin });
    expect(refused.body.events[0]).toMatchObject({
      outcome: "refused",
      actor: { email: app.admin.email },
      detail: { filters: "action=audit.verify", reason: "step_up_required" },
    });

    // The step-up: the admin's passkey again.
    await stepUp(app, admin);

    const response = await fetch(`${app.url}/api/admin/audit?format=csv&action=audit.verify`, {
      headers: { Cookie: admin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="activity-log-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get("content-length")).toBeNull();
    const text = await response.text();
    const rows = Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
    expect(rows[0]).toEqual([
      "id",
      "at",
      "action",
      "description",
      "outcome",
      "actor_email",
      "actor_role",
      "actor_ref",
      "partner_site_id",
      "subject_ref",
      "owner_id",
      "property_id",
      "address",
      "detail",
      "ip",
      "request_id",
    ]);
    const body = rows.slice(1);
    expect(body.length).toBeGreaterThanOrEqual(1);
    expect(new Set(body.map((row) => row[2]))).toEqual(new Set(["audit.verify"]));
    // The "-cmd…" email arrives as text, not as a formula; and no cell anywhere starts like one.
    const dashRow = body.find((row) => row[5]?.includes(dashAdmin.email));
    expect(dashRow?.[5]).toBe(`'${dashAdmin.email}`);
    expect(JSON.parse(dashRow![13]!)).toMatchObject({ ok: true, firstBadId: null });
    for (const cell of body.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    // The export is itself a row of the log, with its filters.
    const exports = await call(app, "GET", "/api/admin/audit?action=audit.export&outcome=allowed", { cookie: admin });
    expect(exports.body.events[0]).toMatchObject({
      description: "Exported the activity log",
      actor: { email: app.admin.email, role: "admin" },
      detail: { filters: "action=audit.verify" },
    });
  });
});
