import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, invitedHomeowner, meterFor, newAccount, serviceUsage, signIn } from "./client";

// A proved owner's records of a home on its page (issue 18): value over time, comparable sales, loans, read from
// the JSON property report, with every valuation answer kept as a snapshot.
const SECTIONS = /Value over time|Why it is worth that|What you owe/;

describe("a home's records on its page (embedded service)", () => {
  const apps = inject("apps");
  const app = apps.embedded;
  let admin: string;
  let demo: string;
  let demoHomes: { propertyId: number; address: string }[];
  const page = async (cookie: string, propertyId: number) => {
    const response = await fetch(`${app.url}/dashboard/properties/${propertyId}`, { headers: { Cookie: cookie } });
    // Without the markers React puts between adjacent text parts, so that text reads as on the screen.
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };
  const homesOf = async (cookie: string) =>
    (
      (await call(app, "GET", "/api/owner-data", { cookie })).body.properties as {
        propertyId: number;
        facts: { address: string };
      }[]
    ).map((p) => ({
      propertyId: p.propertyId,
      address: p.facts.address,
    }));
  /** The estimate rows of the figures table behind the value-over-time chart. */
  const estimateRows = (html: string) =>
    [...html.matchAll(/<tr[^>]*><td[^>]*>([^<]+)<\/td><td[^>]*>Service Estimate<\/td>/g)].map((m) => m[1]);
  const reportUsage = async () => ({
    meter: await meterFor(app, admin, "propertyReport"),
    service: (await serviceUsage(app, apps.sandbox, admin)).propertyReport ?? 0,
  });

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    demo = await signIn(app, "homeowner@example.com", "homeowner-demo");
    demoHomes = await homesOf(demo);
  });

  it("shows the demo homeowner's value over time, comparable sales and loans on each of the two homes", async () => {
    expect(demoHomes.map((h) => h.address.split(",")[0])).toEqual(
      expect.arrayContaining(["3901 Wallingford Ave N", "2744 N 24th St"]),
    );
    for (const home of demoHomes) {
      const { status, html } = await page(demo, home.propertyId);
      expect(status).toBe(200);
      for (const text of [
        "Value over time",
        "Recorded sales",
        "Assessor&#x27;s market values",
        "Service Estimates received",
      ])
        expect(html).toContain(text);
      expect(html).toContain("Why it is worth that");
      expect(html).toContain("Price per sq ft");
      expect(html).toContain("This home, per sq ft");
      expect(html).toContain("What you owe");
      expect(html).not.toContain("The property records could not be loaded");
    }
  });

  it("keeps one snapshot per estimate date, however many valuation answers arrive", async () => {
    const [home] = demoHomes;
    for (let i = 0; i < 3; i++)
      expect((await call(app, "POST", "/api/avm", { cookie: demo, body: { address: home!.address } })).status).toBe(
        200,
      );
    const avm = (await call(app, "POST", "/api/avm", { cookie: demo, body: { address: home!.address } })).body;
    const { html } = await page(demo, home!.propertyId);
    const rows = estimateRows(html);
    expect(rows).toHaveLength(1);
    expect(html).toContain("Service Estimates received (1)");
    expect(rows[0]).toBe(
      new Date(`${avm.eventDate}T00:00:00Z`).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      }),
    );
  });

  it("costs one billable report per home however often the page is viewed, shared with the JSON download", async () => {
    const [address] = houses(940, 1) as [string];
    const owner = await invitedHomeowner(app, admin, address);
    const [home] = await homesOf(owner);
    const before = await reportUsage();
    const views = await Promise.all([page(owner, home!.propertyId), page(owner, home!.propertyId)]);
    views.push(await page(owner, home!.propertyId));
    for (const view of views) expect(view.html).toContain("What you owe");
    const after = await reportUsage();
    expect(after.meter.upstreamCalls).toBe(before.meter.upstreamCalls + 1);
    expect(after.service).toBe(before.service + 1);

    // The JSON download for the same applicant is the same cached answer.
    const applicant = /applicantName\\?":\\?"([^"\\]+)/.exec(views[0]!.html)?.[1];
    expect(applicant).toBeTruthy();
    const json = await call(
      app,
      "GET",
      `/api/property/report?format=json&applicant_name=${encodeURIComponent(applicant!)}&address=${encodeURIComponent(home!.address)}`,
      {
        cookie: owner,
      },
    );
    expect(json.status).toBe(200);
    expect((await reportUsage()).meter.upstreamCalls).toBe(after.meter.upstreamCalls);

    // The demo homeowner's two homes, viewed again and again: at most one billable report each, then none.
    const first = await reportUsage();
    for (let round = 0; round < 2; round++) for (const h of demoHomes) await page(demo, h.propertyId);
    const second = await reportUsage();
    expect(second.meter.upstreamCalls - first.meter.upstreamCalls).toBeLessThanOrEqual(demoHomes.length);
    for (const h of demoHomes) await page(demo, h.propertyId);
    expect((await reportUsage()).meter.upstreamCalls).toBe(second.meter.upstreamCalls);
  });

  it("refuses the records to a stranger and to an unproved claimant", async () => {
    const [home] = demoHomes;
    // A signed-in homeowner with no home, and one proved owner of another house: someone else's home is not found.
    const stranger = (await newAccount(app)).cookie;
    const [otherAddress] = houses(941, 1) as [string];
    const otherOwner = await invitedHomeowner(app, admin, otherAddress);
    for (const cookie of [stranger, otherOwner]) {
      const { status, html } = await page(cookie, home!.propertyId);
      expect(status).toBe(404);
      expect(html).not.toMatch(SECTIONS);
      const report = await call(
        app,
        "GET",
        `/api/property/report?format=json&applicant_name=x&address=${encodeURIComponent(home!.address)}`,
        { cookie },
      );
      expect(report.status).toBe(403);
    }

    // A claimant whose name is on the deed but who has not proved it: the public page, none of the records.
    const [claimedAddress] = houses(942, 1) as [string];
    const claimant = (await newAccount(app)).cookie;
    expect(
      (
        await call(app, "POST", "/api/owners", {
          cookie: claimant,
          body: { ...deedName(claimedAddress), address: claimedAddress },
        })
      ).status,
    ).toBe(201);
    const [claimed] = await homesOf(claimant);
    const before = await reportUsage();
    const { status, html } = await page(claimant, claimed!.propertyId);
    expect(status).toBe(200);
    expect(html).toContain("What it is worth");
    expect(html).not.toMatch(SECTIONS);
    expect(html).not.toMatch(/Recorded sales|Comparable sales|Estimated balance/);
    expect((await reportUsage()).meter.upstreamCalls).toBe(before.meter.upstreamCalls);
    const report = await call(
      app,
      "GET",
      `/api/property/report?format=json&applicant_name=x&address=${encodeURIComponent(claimedAddress)}`,
      {
        cookie: claimant,
      },
    );
    expect(report.status).toBe(403);
  });
});

describe("a home's records when the report fails (standalone service over HTTP)", () => {
  const { http: app, sandbox } = inject("apps");
  const faults = (config: unknown) =>
    fetch(`${sandbox.url}/_sandbox/faults`, {
      method: config ? "PUT" : "DELETE",
      headers: { Authorization: sandbox.token },
      body: config ? JSON.stringify(config) : undefined,
    });
  afterAll(() => faults(null));

  it("still paints the estimate, equity and facts, with a clear message in the records' sections", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const [address] = houses(945, 1) as [string];
    const owner = await invitedHomeowner(app, admin, address);
    // The page's other answers are cached first; then every call to the service fails, so only the report does.
    const data = await call(app, "GET", "/api/owner-data", { cookie: owner });
    const [home] = data.body.properties as { propertyId: number; facts: { address: string } }[];
    expect(
      (await call(app, "POST", "/api/avm", { cookie: owner, body: { address: home!.facts.address } })).status,
    ).toBe(200);
    await faults({ rate: 1, kinds: ["5xx"] });
    const response = await fetch(`${app.url}/dashboard/properties/${home!.propertyId}`, { headers: { Cookie: owner } });
    // The records stream in after the first bytes: the faults stay until the whole page has arrived.
    const html = (await response.text()).replaceAll("<!-- -->", "");
    await faults(null);
    expect(response.status).toBe(200);
    expect(html).toContain("Valuation provided by");
    expect(html).toContain("Your equity");
    expect(html).toContain("Property facts");
    for (const section of ["Value over time", "Why it is worth that", "What you owe"]) expect(html).toContain(section);
    expect(html.match(/The property records could not be loaded/g)?.length).toBeGreaterThanOrEqual(3);
    // What the page shows (the catalogue's words for the records' charts travel in its scripts, with the equity panel).
    expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Recorded sales (");
  });
});
