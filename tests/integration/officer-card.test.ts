import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, invitedHomeowner, latestMail, newAccount, signIn, unique } from "./client";

/**
 * The loan officer's card (issue 39): an officer fills it in, an admin assigns the officer and the organization's
 * details, and the homeowner sees it (both NMLS IDs and the Equal Housing Opportunity words) on every surface: the
 * dashboard, the property page, the embedded dashboard, and the report as HTML and as PDF.
 */

const app = inject("apps").embedded;
const run = unique();
const OFFICER_NMLS = `9${Date.now() % 1_000_000}`;
const COMPANY_NMLS = "2468013";
const EHO = "Equal Housing Opportunity";

let admin: string;
let officer: { id: number; email: string; cookie: string };

const upload = (path: string, cookie: string, body: Buffer, type: string) =>
  fetch(`${app.url}${path}`, {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": type },
    body: new Uint8Array(body),
  });

async function page(path: string, cookie: string): Promise<string> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
}

function expectCard(html: string, where: string) {
  expect(html, where).toContain(OFFICER_NMLS);
  expect(html, where).toContain(COMPANY_NMLS);
  expect(html, where).toContain(`https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/${OFFICER_NMLS}`);
  expect(html, where).toContain(`https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${COMPANY_NMLS}`);
  expect(html, where).toContain(EHO);
  expect(html, where).toContain("Equal Housing Opportunity logo");
}

/** A self-signed-up homeowner who proved `home` with the code mailed to it. */
async function provedByMail(home: string) {
  const account = await newAccount(app);
  const claimed = await call(app, "POST", "/api/owners", {
    cookie: account.cookie,
    body: { ...deedName(home), address: home },
  });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
  expect((await call(app, "POST", "/api/ownership/letter", { cookie: account.cookie })).status).toBe(201);
  const { code } = await latestMail(app, admin, home.split(",")[0]!, "letter");
  const confirmed = await call(app, "POST", "/api/ownership/code", { cookie: account.cookie, body: { code } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return account;
}

const userIdOf = async (cookie: string): Promise<number> =>
  (await call(app, "GET", "/api/account/export", { cookie })).body.account.id;

beforeAll(async () => {
  admin = await signIn(app, app.admin.email, app.admin.password);
  const email = `card-officer-${run}@example.com`;
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email, password: "officer-password", role: "loan_officer" },
  });
  expect(created.status).toBe(201);
  officer = { id: created.body.id, email, cookie: await signIn(app, email, "officer-password") };
  const org = await call(app, "PUT", "/api/admin/organization", {
    cookie: admin,
    body: {
      companyName: `Card Test Lending ${run}`,
      nmlsId: COMPANY_NMLS,
      equalHousingStatement: "",
      defaultOfficerId: null,
    },
  });
  expect(org.status).toBe(200);
  expect(org.body.equalHousingStatement).toMatch(/^Equal Housing Opportunity\./);
});

describe("an officer's card", () => {
  it("is saved only with a valid phone, an https booking link and a digits-only NMLS ID (400 naming each)", async () => {
    const good = {
      displayName: "Casey Card",
      title: "Loan Officer",
      phone: "(206) 555-0199",
      email: officer.email,
      bookingUrl: "https://cal.example.com/casey",
      nmlsId: OFFICER_NMLS,
    };
    for (const [field, value] of [
      ["phone", "12345"],
      ["bookingUrl", "http://cal.example.com/casey"],
      ["nmlsId", "NMLS-42"],
    ] as const) {
      const refused = await call(app, "PUT", "/api/account/officer-profile", {
        cookie: officer.cookie,
        body: { ...good, [field]: value },
      });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.error.fields), field).toEqual([field]);
    }
    // Homeowners have no card to keep.
    expect(
      (await call(app, "PUT", "/api/account/officer-profile", { cookie: (await newAccount(app)).cookie, body: good }))
        .status,
    ).toBe(403);
    const saved = await call(app, "PUT", "/api/account/officer-profile", { cookie: officer.cookie, body: good });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone: "+12065550199", nmlsId: OFFICER_NMLS, complete: true });
    expect((await call(app, "GET", "/api/account/officer-profile", { cookie: officer.cookie })).body.bookingUrl).toBe(
      "https://cal.example.com/casey",
    );
  });

  it(
    "takes a real PNG as a 256 px WebP without its metadata, and refuses a renamed PDF and a 20 MB image",
    { timeout: 60_000 },
    async () => {
      const png = await sharp({
        create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .withExif({ IFD0: { Make: "TrackingCam", ImageDescription: "taken at home" } })
        .png()
        .toBuffer();
      const stored = await upload("/api/account/officer-profile/photo", officer.cookie, png, "image/png");
      expect(stored.status).toBe(200);
      const { photoUrl } = (await stored.json()) as { photoUrl: string };
      expect(photoUrl).toMatch(new RegExp(`^/api/officers/${officer.id}/photo\\?v=\\d+$`));
      const served = await fetch(`${app.url}${photoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toContain("immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
      expect(bytes.toString("latin1")).not.toContain("TrackingCam");

      const pdf = Buffer.from(
        "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      );
      const renamed = await upload("/api/account/officer-profile/photo", officer.cookie, pdf, "image/png");
      expect(renamed.status).toBe(400);
      expect(Object.keys(((await renamed.json()) as { error: { fields: object } }).error.fields)).toEqual(["photo"]);

      const huge = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 - png.byteLength, 7)]);
      const tooLarge = await upload("/api/account/officer-profile/photo", officer.cookie, huge, "image/png");
      expect(tooLarge.status).toBe(400);
      const answer = (await tooLarge.json()) as { error: { code: string; fields: object } };
      expect(answer.error.code).toBe("file_too_large");
      expect(Object.keys(answer.error.fields)).toEqual(["photo"]);
    },
  );
});

describe("the lender's contact", () => {
  it("is saved as E.164 and logged with what it replaced (review of issue 55)", async () => {
    const details = {
      companyName: `Card Test Lending ${run}`,
      nmlsId: COMPANY_NMLS,
      equalHousingStatement: "",
      defaultOfficerId: null,
    };
    const first = await call(app, "PUT", "/api/admin/organization", {
      cookie: admin,
      body: { ...details, phone: "(512) 555-0100", email: "hello@lender.example" },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ phone: "+15125550100", email: "hello@lender.example" });
    const second = await call(app, "PUT", "/api/admin/organization", {
      cookie: admin,
      body: { ...details, phone: "(512) 555-0199", email: "leads@elsewhere.example" },
    });
    expect(second.status).toBe(200);
    const [row] = (await call(app, "GET", "/api/admin/audit?action=organization.change&limit=1", { cookie: admin }))
      .body.events as { detail: Record<string, unknown> }[];
    expect(row!.detail).toMatchObject({
      phone: "+15125550199",
      phoneFrom: "+15125550100",
      email: "leads@elsewhere.example",
      emailFrom: "hello@lender.example",
    });
    expect(row!.detail).not.toHaveProperty("companyNameFrom");
    const refused = await call(app, "PUT", "/api/admin/organization", {
      cookie: admin,
      body: { ...details, phone: "12345", email: "not-an-email" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(["email", "phone"]);
  });
});

describe("the homeowner's view of their officer", () => {
  it("connects a homeowner who signed up alone to the first loan officer while an admin has chosen no default (issue 55)", async () => {
    // The organization's default is "none chosen" (beforeAll): a fresh install's state.
    expect((await call(app, "GET", "/api/admin/organization", { cookie: admin })).body.defaultOfficerId).toBeNull();
    const [address] = houses(1660, 1) as [string];
    const alone = await newAccount(app);
    expect(
      (await call(app, "POST", "/api/owners", { cookie: alone.cookie, body: { ...deedName(address), address } }))
        .status,
    ).toBe(201);
    const html = await page("/dashboard", alone.cookie);
    expect(html).toContain(address.split(",")[0]);
    // The embedded defaults' first loan officer is the demo officer, created at start before any other.
    expect((await call(app, "GET", "/api/account/export", { cookie: alone.cookie })).body.loanOfficer).toMatchObject({
      email: "officer@example.com",
      source: "default",
    });
  });

  it(
    "after the admin's reassignment (audited), shows the card on the dashboard, the property page and the report; the export names the officer",
    { timeout: 120_000 },
    async () => {
      const [address] = houses(1661, 1) as [string];
      const homeowner = await invitedHomeowner(app, admin, address);
      const homeownerId = await userIdOf(homeowner);
      // Invited by the admin, who has no card: no card yet.
      expect(await page("/dashboard", homeowner)).not.toContain("nmlsconsumeraccess.org");

      const bad = await call(app, "PUT", `/api/admin/users/${homeownerId}/officer`, {
        cookie: admin,
        body: { officerId: homeownerId },
      });
      expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ["officerId"]]);
      expect(
        (
          await call(app, "PUT", `/api/admin/users/${homeownerId}/officer`, {
            cookie: officer.cookie,
            body: { officerId: officer.id },
          })
        ).status,
      ).toBe(403);
      const assigned = await call(app, "PUT", `/api/admin/users/${homeownerId}/officer`, {
        cookie: admin,
        body: { officerId: officer.id },
      });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toEqual({ officerId: officer.id, source: "assigned" });
      const logged = await call(app, "GET", "/api/admin/audit?action=officer.assign&limit=50", { cookie: admin });
      const event = logged.body.events.find((e: { detail: { to?: number } | null }) => e.detail?.to === officer.id);
      expect(event).toMatchObject({
        action: "officer.assign",
        description: "Assigned a homeowner's loan officer",
        outcome: "allowed",
      });

      const dashboard = await page("/dashboard", homeowner);
      expectCard(dashboard, "dashboard");
      expect(dashboard).toContain("Casey Card");
      expect(dashboard).toContain('href="tel:+12065550199"');
      expect(dashboard).toContain(`href="mailto:${officer.email}"`);
      expect(dashboard).toContain("https://cal.example.com/casey");
      expect(dashboard).toContain(`/api/officers/${officer.id}/photo?v=`);

      const data = await call(app, "GET", "/api/owner-data", { cookie: homeowner });
      const propertyId = data.body.properties[0].propertyId;
      expectCard(await page(`/dashboard/properties/${propertyId}`, homeowner), "property page");

      const report = (format: "html" | "pdf") =>
        fetch(`${app.url}/api/property/report?${new URLSearchParams({ address, applicant_name: "x", format })}`, {
          headers: { Cookie: homeowner },
        });
      const html = await report("html");
      expect(html.status).toBe(200);
      expectCard(await html.text(), "report HTML");
      const pdf = await report("pdf");
      expect(pdf.status).toBe(200);
      const file = join(mkdtempSync(join(tmpdir(), "card-report-")), "report.pdf");
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      const text = execFileSync("pdftotext", [file, "-"]).toString();
      expect(text).toContain("Your loan officer");
      expect(text).toContain(`NMLS ID ${OFFICER_NMLS}`);
      expect(text).toContain(`Company NMLS ID ${COMPANY_NMLS}`);
      expect(text).toContain(EHO);
      // The service's own pages are still there, before the card.
      expect(text.indexOf(address.split(",")[0]!)).toBeLessThan(text.indexOf("Your loan officer"));

      const exported = (await call(app, "GET", "/api/account/export", { cookie: homeowner })).body;
      expect(exported.loanOfficer).toEqual({
        name: "Casey Card",
        email: officer.email,
        nmlsId: OFFICER_NMLS,
        source: "assigned",
      });
    },
  );

  it(
    "shows the site's officer's card on the embedded dashboard of a partner's member",
    { timeout: 60_000 },
    async () => {
      const site = (
        await call(app, "POST", "/api/admin/sites", {
          cookie: admin,
          body: { name: `card-${run}`, allowedOrigins: ["https://bank.example"], dailyBudget: 100 },
        })
      ).body;
      const list = (await call(app, "GET", "/api/admin/sites", { cookie: admin })).body.sites as {
        id: number;
        siteKey: string;
      }[];
      const siteId = list.find((s) => s.siteKey === site.siteKey)!.id;
      expect(
        (await call(app, "PATCH", "/api/admin/sites", { cookie: admin, body: { siteId, officerId: 0 } })).status,
      ).toBe(400);
      expect(
        (await call(app, "PATCH", "/api/admin/sites", { cookie: admin, body: { siteId, officerId: officer.id } }))
          .status,
      ).toBe(204);
      const [address] = houses(1662, 1) as [string];
      const { firstName, lastName } = deedName(address);
      const token = await new SignJWT({
        email: `member-${run}@bank.example`,
        given_name: firstName,
        family_name: lastName,
        address,
      })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(site.siteKey)
        .setSubject(`member-${unique()}`)
        .setIssuedAt()
        .setExpirationTime("5m")
        .setJti(`jti-${unique()}${unique()}`)
        .sign(new TextEncoder().encode(site.siteSecret));
      const opened = await fetch(`${app.url}/embed/dashboard?token=${token}`, { redirect: "manual" });
      expect(opened.status).toBe(303);
      const cookie = opened.headers.getSetCookie()[0]!.split(";")[0]!;
      expectCard(await page("/embed/dashboard/view", cookie), "embedded dashboard");
      expect((await call(app, "GET", "/api/account/export", { cookie })).body.loanOfficer).toMatchObject({
        source: "partner",
        nmlsId: OFFICER_NMLS,
      });

      // The member asks from inside the frame: the calls to action are in the card, and the lead goes to the site's
      // officer.
      const view = await page("/embed/dashboard/view", cookie);
      expect(view).toContain("Ask a question");
      const propertyId = (await call(app, "GET", "/api/owner-data", { cookie })).body.properties[0]
        .propertyId as number;
      const asked = await call(app, "POST", "/api/leads", {
        cookie,
        body: { kind: "question", propertyId, message: "Can I borrow for a new roof?" },
      });
      expect(asked.status).toBe(201);
      const lead = await call(app, "GET", `/api/leads/${asked.body.lead.id}`, { cookie: officer.cookie });
      expect(lead.status).toBe(200);
      expect(lead.body).toMatchObject({
        source: "embed",
        officerId: officer.id,
        message: "Can I borrow for a new roof?",
      });
    },
  );
});

describe("whose officer, against a second officer of the same lender (review)", () => {
  it(
    "a second officer who lists someone else's client (and refreshes the row) does not take them over, and cannot wear another's NMLS ID",
    { timeout: 120_000 },
    async () => {
      const [home, elsewhere] = houses(1663, 2) as [string, string];
      const homeowner = await provedByMail(home);
      const officerOf = async () =>
        (await call(app, "GET", "/api/account/export", { cookie: homeowner.cookie })).body.loanOfficer;

      const listed = await call(app, "POST", "/api/clients", {
        cookie: officer.cookie,
        body: { ...deedName(home), email: homeowner.email, address: home },
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(201);
      expect(await officerOf()).toMatchObject({ email: officer.email, source: "portfolio" });

      const email = `card-rival-${unique()}@example.com`;
      const created = await call(app, "POST", "/api/admin/users", {
        cookie: admin,
        body: { email, password: "officer-password", role: "loan_officer" },
      });
      const rival = await signIn(app, email, "officer-password");
      const poached = await call(app, "POST", "/api/clients", {
        cookie: rival,
        body: { firstName: "Any", lastName: "Body", email: homeowner.email, address: elsewhere },
      });
      expect(poached.status).toBe(201);
      expect((await call(app, "POST", `/api/clients/${poached.body.id}/refresh`, { cookie: rival })).status).toBe(200);
      expect(await officerOf()).toMatchObject({ email: officer.email, source: "portfolio" });

      const impostor = await call(app, "PUT", "/api/account/officer-profile", {
        cookie: rival,
        body: {
          displayName: "Casey Card",
          title: "Loan Officer",
          phone: "(206) 555-0100",
          email,
          bookingUrl: "https://evil.example/book",
          nmlsId: OFFICER_NMLS,
        },
      });
      expect(impostor.status).toBe(400);
      expect(impostor.body.error.fields).toHaveProperty("nmlsId");
      expect(created.status).toBe(201);
    },
  );
});

describe("a homeowner's officer changes only through a real relationship (issue 53)", () => {
  async function newOfficer(name: string) {
    const email = `${name}-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id as number, email, cookie: await signIn(app, email, "officer-password") };
  }

  it(
    "a rival who lists a homeowner's email (without, or before, a home they proved) is not their officer; a client entry at a home they proved is, logged",
    { timeout: 120_000 },
    async () => {
      const [home, elsewhere, claimedOnly] = houses(1671, 3) as [string, string, string];
      const homeowner = await provedByMail(home);
      const officerOf = async () =>
        (await call(app, "GET", "/api/account/export", { cookie: homeowner.cookie })).body.loanOfficer;
      const before = await officerOf();

      // The reproduction: a second officer adds the homeowner's email (one at a time, or in a CSV), at another home.
      const rival = await newOfficer("rival");
      const poached = await call(app, "POST", "/api/clients", {
        cookie: rival.cookie,
        body: { firstName: "Any", lastName: "Body", email: homeowner.email, address: elsewhere },
      });
      expect(poached.status, JSON.stringify(poached.body)).toBe(201);
      expect(await officerOf()).toEqual(before);
      // A home they only claimed (the deed's name, no proof) is no relationship either.
      expect(
        (
          await call(app, "POST", "/api/owners", {
            cookie: homeowner.cookie,
            body: { ...deedName(claimedOnly), address: claimedOnly },
          })
        ).status,
      ).toBe(201);
      const csv = `name,email,address\n"Any Body",${homeowner.email},"${claimedOnly}"\n`;
      const imported = await call(app, "POST", "/api/clients/import", {
        cookie: rival.cookie,
        body: { csv },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(await officerOf()).toEqual(before);

      // Their own officer lists them at the home they proved: that is a relationship, and the log says so.
      const own = await newOfficer("own");
      const listed = await call(app, "POST", "/api/clients", {
        cookie: own.cookie,
        body: { ...deedName(home), email: homeowner.email.toUpperCase(), address: home },
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(201);
      expect(await officerOf()).toMatchObject({ email: own.email, source: "portfolio" });
      const log = await call(
        app,
        "GET",
        `/api/admin/audit?action=officer.link&actor=${encodeURIComponent(own.email)}`,
        {
          cookie: admin,
        },
      );
      expect(log.status, JSON.stringify(log.body)).toBe(200);
      expect(log.body.events).toHaveLength(1);
      expect(log.body.events[0].detail).toMatchObject({ to: own.id, source: "portfolio", clientId: listed.body.id });

      // Later, the rival at the proved home too: the first relationship stays, and the homeowner's call request goes
      // to their officer.
      expect(
        (
          await call(app, "POST", "/api/clients", {
            cookie: rival.cookie,
            body: { ...deedName(home), email: homeowner.email, address: home },
          })
        ).status,
      ).toBe(201);
      expect(await officerOf()).toMatchObject({ email: own.email, source: "portfolio" });
      const propertyId = (await call(app, "GET", "/api/owner-data", { cookie: homeowner.cookie })).body.properties[0]
        .propertyId as number;
      const asked = await call(app, "POST", "/api/leads", {
        cookie: homeowner.cookie,
        body: { kind: "call", propertyId, phone: "(206) 555-0142", consent: true, message: "Please call after five." },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      expect((await call(app, "GET", `/api/leads/${asked.body.lead.id}`, { cookie: rival.cookie })).status).toBe(404);
      expect((await call(app, "GET", `/api/leads/${asked.body.lead.id}`, { cookie: own.cookie })).status).toBe(200);
    },
  );

  it(
    "an entry planted early and merged to the homeowner's email later counts from then; an entry that stops being them is a logged change (review)",
    { timeout: 120_000 },
    async () => {
      const [home] = houses(1674, 1) as [string];
      const rival = await newOfficer("planter");
      const own = await newOfficer("closer");
      // The rival plants the person at the house under a throwaway email, before anyone else lists them.
      const planted = await call(app, "POST", "/api/clients", {
        cookie: rival.cookie,
        body: { ...deedName(home), email: `placeholder-${unique()}@rival.example`, address: home },
      });
      expect(planted.status, JSON.stringify(planted.body)).toBe(201);
      const homeowner = await provedByMail(home);
      const officerOf = async () =>
        (await call(app, "GET", "/api/account/export", { cookie: homeowner.cookie })).body.loanOfficer;
      const listed = await call(app, "POST", "/api/clients", {
        cookie: own.cookie,
        body: { ...deedName(home), email: homeowner.email, address: home },
      });
      expect(listed.status).toBe(201);
      expect(await officerOf()).toMatchObject({ email: own.email, source: "portfolio" });

      // The planted entry merged to the homeowner's email: linked now, after their officer's.
      const merged = await call(app, "POST", "/api/clients", {
        cookie: rival.cookie,
        body: { ...deedName(home), email: homeowner.email, address: home },
      });
      expect([merged.status, merged.body.id]).toEqual([200, planted.body.id]);
      expect(await officerOf()).toMatchObject({ email: own.email, source: "portfolio" });

      // Their officer corrects the entry's email to another: it is no longer them, and who their officer is now is a
      // row of the log.
      const corrected = await call(app, "POST", "/api/clients", {
        cookie: own.cookie,
        body: { ...deedName(home), email: `someone-else-${unique()}@example.com`, address: home },
      });
      expect(corrected.status).toBe(200);
      expect(await officerOf()).toMatchObject({ email: rival.email, source: "portfolio" });
      const log = await call(
        app,
        "GET",
        `/api/admin/audit?action=officer.link&actor=${encodeURIComponent(own.email)}`,
        {
          cookie: admin,
        },
      );
      expect(log.body.events.map((e: { detail: unknown }) => e.detail)).toEqual([
        expect.objectContaining({ from: own.id, to: rival.id }),
        expect.objectContaining({ to: own.id }),
      ]);
    },
  );
});
