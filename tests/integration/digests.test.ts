import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, deedName, houses, jobsSettled, latestMail, sessionFrom, signIn, unique } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";
import type { AppInfo } from "./setup";
import { smtpServer, type Mail } from "./smtp";

/**
 * The homeowner's monthly digest, sent by the job engine through a real SMTP server started here, to an app of this
 * file's own on the embedded defaults.
 */

const header = (mail: Mail, name: string) => mail.raw.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim();

const run = unique();
const dataDir = mkdtempSync(join(tmpdir(), "digests-"));
const app: AppInfo = {
  name: "embedded",
  url: "",
  admin: { email: "admin@example.com", password: "admin-demo" },
  userLimitPerMinute: 0,
  dataDir,
  authSecret: `secret-${run}`,
};
let child: ChildProcess;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let mails: Mail[];

const until = async <T>(find: () => T | undefined, what: string, ms = 45_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
const digestsTo = (email: string) =>
  mails.filter((mail) => mail.to === email && /^Subject: Your (home|\d+ homes) in/m.test(mail.raw));

beforeAll(async () => {
  smtp = await smtpServer();
  mails = smtp.mails;
  const port = await freePort();
  app.url = `http://127.0.0.1:${port}`;
  child = startNext(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    PROPERTY_API_BASE_URL: "",
    NEXTAUTH_URL: app.url,
    NEXTAUTH_SECRET: `secret-${run}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Home dashboard <no-reply@dashboard.example>",
  });
  await waitFor(`${app.url}/api/health`, child, "digests app");
});

afterAll(async () => {
  child?.kill("SIGTERM");
  if (child) await exited(child);
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A client the demo officer invites, who accepts through the link that arrived by mail: a verified homeowner. */
async function invitedClient(officer: string, address: string): Promise<{ email: string; cookie: string }> {
  const email = `client-${unique()}@example.com`;
  expect(
    (await call(app, "POST", "/api/invitations", { cookie: officer, body: { email, ...deedName(address), address } }))
      .status,
  ).toBe(201);
  const invitation = await until(() => mails.find((mail) => mail.to === email), `the invitation to ${email}`);
  const token = invitation.raw.match(/token=([\w-]+)/)![1];
  const accepted = await fetch(`${app.url}/api/invitations/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, password: "a-good-long-password" }),
  });
  expect(accepted.status).toBe(200);
  return { email, cookie: sessionFrom(accepted)! };
}

/** "2026-11" → "November 2026", as the digest's subject says it. */
const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

describe("the homeowner's monthly digest", () => {
  it(
    "arrives once a month with its figures, the officer and a one-click unsubscribe that stops the next one",
    { timeout: 240_000 },
    async () => {
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const officer = await signIn(app, "officer@example.com", "officer-demo");
      const [homeA, homeB] = houses(1700, 2) as [string, string];
      const a = await invitedClient(officer, homeA);
      const b = await invitedClient(officer, homeB);

      expect(
        (await call(app, "POST", "/api/admin/jobs/run", { cookie: officer, body: { name: "homeowner-digests" } }))
          .status,
      ).toBe(403);
      const now = new Date();
      const thisMonth = now.toISOString().slice(0, 7);
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
      expect(
        (
          await call(app, "POST", "/api/admin/jobs/run", {
            cookie: admin,
            body: { name: "homeowner-digests", period: "2026-13" },
          })
        ).status,
      ).toBe(400);
      // Only this month or the previous: an old month would mail figures that are no longer anyone's.
      const tooOld = await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "homeowner-digests", period: "2019-01" },
      });
      expect(tooOld.status).toBe(400);
      expect(tooOld.body.error.fields).toEqual({ period: expect.stringContaining(lastMonth) });
      expect(
        (
          await call(app, "POST", "/api/admin/jobs/run", {
            cookie: admin,
            body: { name: "homeowner-digests", period: lastMonth },
          })
        ).status,
      ).toBe(202);
      const digest = await until(() => digestsTo(a.email)[0], "A's digest");
      await until(() => digestsTo(b.email)[0], "B's digest");

      // What it says: the branded estimate, the change, equity, what could be borrowed, the officer, one dashboard
      // link.
      expect(header(digest, "Subject")).toMatch(
        new RegExp(
          `^Your (home in ${monthName(lastMonth)}: \\$[\\d,]+( to \\$[\\d,]+)? \\((up|down) \\$[\\d,]+\\)|\\d homes in ${monthName(lastMonth)}: (up|down) \\$[\\d,]+ since last month)$`,
        ),
      );
      expect(digest.raw).toContain("Content-Type: multipart/alternative");
      expect(digest.raw).toContain("Content-Type: text/plain");
      expect(digest.raw).toContain("Content-Type: text/html");
      expect(digest.raw).toContain(homeA.split(",")[0]);
      for (const words of [
        "Service Estimate",
        "Valuation provided by",
        "Property Data Service",
        "Since last month",
        "Your equity",
        "You could borrow",
      ]) {
        expect(digest.raw).toContain(words);
      }
      expect(digest.raw).toContain("officer@example.com");
      expect(digest.raw).toContain(`${app.url}/dashboard`);
      // The demo officer's card (issue 39), in the text and the HTML: both NMLS IDs with their NMLS Consumer Access
      // links, the photo by absolute link, and the Equal Housing Opportunity logo and words.
      for (const words of [
        "Your loan officer: Olivia Officer, Senior Loan Officer",
        "NMLS ID 1234567",
        "Company NMLS ID 7654321",
        "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567",
        "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/7654321",
        `src="${app.url}/api/officers/`,
        'aria-label="Equal Housing Opportunity logo"',
        "Equal Housing Opportunity. We do business",
      ]) {
        expect(digest.raw).toContain(words);
      }

      // RFC 8058: the mail client's own button posts to this link, without a session.
      const unsubscribeLink = header(digest, "List-Unsubscribe")!.replace(/^<|>$/g, "");
      expect(header(digest, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(unsubscribeLink).toMatch(new RegExp(`^${app.url}/api/unsubscribe\\?u=\\d+&k=monthly_digest&t=[\\w-]+$`));
      const forged = unsubscribeLink.replace(/t=[\w-]+$/, "t=forged-signature");
      const refused = await fetch(forged, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(refused.status).toBe(400);
      const oneClick = await fetch(unsubscribeLink, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect((await call(app, "GET", "/api/account/mail-preferences", { cookie: a.cookie })).body).toEqual({
        monthlyDigest: false,
        dailySummary: true,
      });

      // The same month again sends nothing twice; the next month reaches B only.
      await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "homeowner-digests", period: lastMonth },
      });
      await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "homeowner-digests", period: thisMonth },
      });
      await until(
        () => digestsTo(b.email).find((mail) => (header(mail, "Subject") ?? "").includes(monthName(thisMonth))),
        "B's digest of this month",
      );
      await jobsSettled(app, admin, ["homeowner-digests", "homeowner-digest"]);
      expect(digestsTo(b.email)).toHaveLength(2);
      expect(digestsTo(a.email)).toHaveLength(1);

      // Choosing it again in the account brings it back.
      expect(
        (await call(app, "PUT", "/api/account/mail-preferences", { cookie: a.cookie, body: { monthlyDigest: true } }))
          .body.monthlyDigest,
      ).toBe(true);
      expect((await call(app, "PUT", "/api/account/mail-preferences", { cookie: a.cookie, body: {} })).status).toBe(
        400,
      );
    },
  );
});

describe("a homeowner who signed up alone", () => {
  it(
    "gets the digest only once their email is confirmed: a letter proves the home, not the mailbox (review of issue 55)",
    { timeout: 180_000 },
    async () => {
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const [home] = houses(1720, 1) as [string];
      const email = `alone-${unique()}@example.com`;
      expect(
        (await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } })).status,
      ).toBe(201);
      const cookie = await signIn(app, email, "a-good-long-password");
      expect(
        (await call(app, "POST", "/api/owners", { cookie, body: { ...deedName(home), address: home } })).status,
      ).toBe(201);
      expect((await call(app, "POST", "/api/ownership/letter", { cookie })).status).toBe(201);
      const { code } = await latestMail(app, admin, home.split(",")[0]!, "letter");
      expect((await call(app, "POST", "/api/ownership/code", { cookie, body: { code } })).status).toBe(200);
      const account = async () =>
        (await fetch(`${app.url}/account`, { headers: { cookie } }))
          .text()
          .then((html) => html.replace(/&#x27;/g, "'"));
      expect(await account()).toContain("It starts once you confirm your email address");

      const thisMonth = new Date().toISOString().slice(0, 7);
      const run = () =>
        call(app, "POST", "/api/admin/jobs/run", {
          cookie: admin,
          body: { name: "homeowner-digests", period: thisMonth },
        });
      expect((await run()).status).toBe(202);
      await jobsSettled(app, admin, ["homeowner-digests", "homeowner-digest"]);
      // Proved the home, but not the mailbox: nothing of its loans or equity goes to that address.
      expect(digestsTo(email)).toEqual([]);

      const link = await until(() => mails.find((mail) => mail.to === email && /token=/.test(mail.raw)), "the link");
      const token = link.raw.match(/token=([\w-]+)/)![1];
      expect((await call(app, "POST", "/api/email-verification", { cookie, body: { token } })).status).toBe(200);
      expect(await account()).toContain("Untick the box and save to stop it");
      expect((await run()).status).toBe(202);
      await until(() => digestsTo(email)[0], "the digest once the email is confirmed");
    },
  );
});

describe("the officer's daily summary", () => {
  it(
    "tells the officer which invited client is engaged, with a one-click unsubscribe that stops the next one",
    { timeout: 240_000 },
    async () => {
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const officer = await signIn(app, "officer@example.com", "officer-demo");
      const [home] = houses(1710, 1) as [string];
      const email = `engaged-${unique()}@example.com`;

      // A past client added to the portfolio and invited from it; they accept and use their dashboard.
      const added = await call(app, "POST", "/api/clients", {
        cookie: officer,
        body: { ...deedName(home), email, address: home },
      });
      expect(added.status).toBe(201);
      expect((await call(app, "POST", `/api/clients/${added.body.id}/invite`, { cookie: officer })).status).toBe(201);
      const invitation = await until(() => mails.find((mail) => mail.to === email), "the client's invitation");
      const accepted = await fetch(`${app.url}/api/invitations/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: invitation.raw.match(/token=([\w-]+)/)![1], password: "a-good-long-password" }),
      });
      const homeowner = sessionFrom(accepted)!;
      expect(
        (await call(app, "POST", "/api/engagement", { cookie: homeowner, body: { kind: "borrowing_used" } })).status,
      ).toBe(204);
      expect(
        (await call(app, "POST", "/api/engagement", { cookie: homeowner, body: { kind: "dashboard_visit" } })).status,
      ).toBe(400);

      const summaries = () =>
        mails.filter(
          (mail) => mail.to === "officer@example.com" && /^Subject: \d+ clients? worth a call today$/m.test(mail.raw),
        );
      await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "officer-summaries", day: "2026-11-24" },
      });
      const summary = await until(() => summaries()[0], "the officer's summary");
      expect(summary.raw).toContain("Engaged homeowner");
      expect(summary.raw).toContain("tried the borrowing scenarios");
      expect(summary.raw).toContain(`${app.url}/clients`);
      expect(header(summary, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const opportunities = (await call(app, "GET", "/api/opportunities?kind=engagement", { cookie: officer })).body
        .opportunities;
      expect(
        opportunities.some(
          (o: { address: string }) =>
            o.address.startsWith(home.split(",")[0]!.toUpperCase()) || o.address.startsWith(home.split(",")[0]!),
        ),
      ).toBe(true);

      // Unsubscribed: the next day's run sends the officer nothing, though there is news (the client downloaded their
      // report); subscribed again, the same day's run does.
      const link = header(summary, "List-Unsubscribe")!.replace(/^<|>$/g, "");
      expect((await fetch(link, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);
      const report = await call(
        app,
        "GET",
        `/api/property/report?format=json&applicant_name=A&address=${encodeURIComponent(home)}`,
        { cookie: homeowner },
      );
      expect(report.status).toBe(200);
      await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "officer-summaries", day: "2026-11-25" },
      });
      await jobsSettled(app, admin, ["officer-summaries", "officer-summary"]);
      expect(summaries()).toHaveLength(1);
      expect(
        (await call(app, "PUT", "/api/account/mail-preferences", { cookie: officer, body: { dailySummary: true } }))
          .body.dailySummary,
      ).toBe(true);
      await call(app, "POST", "/api/admin/jobs/run", {
        cookie: admin,
        body: { name: "officer-summaries", day: "2026-11-25" },
      });
      const again = await until(() => summaries()[1], "the summary once subscribed again");
      expect(again.raw).toContain("downloaded their property report");
    },
  );
});
