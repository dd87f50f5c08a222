import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, rawCall, signIn } from "./client";
import { startOwnApp } from "./processes";
import { mailsIn, smtpServer, type Mail } from "./smtp";

describe("the widget's API", () => {
  const app = inject("apps").embedded;
  const origin = "https://widget-it.example";
  let key: string;
  beforeAll(async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const site = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "integration", allowedOrigins: [origin], dailyBudget: 1000 },
    });
    expect(site.status).toBe(201);
    key = site.body.siteKey;
  });
  // A visitor is a socket address (the app trusts no proxy here): each test asks from its own address on loopback.
  const ask = (address: string, from = origin, ip = "127.0.0.9") =>
    rawCall(app, "POST", "/api/widget/valuation", { body: { key, address }, headers: { Origin: from }, from: ip });

  it("keeps, in a plain iframe, the partner page its first load came from: the address form carries it, so the report form's lead is the site's (walkthrough)", async () => {
    // A plain <iframe> (no loader): the first load's Referer is the partner's page, the address search a GET of the
    // frame's own form, whose Referer is the frame itself.
    const first = await (
      await fetch(`${app.url}/embed/valuation?key=${key}`, { headers: { Referer: `${origin}/rates` } })
    ).text();
    expect(first).toContain(`name="parent" value="${origin}"`);
    const [address] = houses(505, 1) as [string];
    const searched = await fetch(
      `${app.url}/embed/valuation?key=${key}&parent=${encodeURIComponent(origin)}&address=${encodeURIComponent(address)}`,
      { headers: { Referer: `${app.url}/embed/valuation?key=${key}` } },
    );
    const html = await searched.text();
    // The report form's page is the partner's origin: its challenge and lead are the site's.
    expect(html).toContain(`"page":"${origin}"`);
    const challenge = await rawCall(
      app,
      "GET",
      `/api/widget/leads/challenge?key=${key}&page=${encodeURIComponent(origin)}`,
      { headers: { Origin: app.url } },
    );
    expect(challenge.status).toBe(200);
  });

  it("answers an allowed origin with CORS for exactly that origin", async () => {
    const [address] = houses(500, 1);
    const reply = await ask(address!, origin, "127.0.0.11");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBe(origin);
    expect(reply.body).toMatchObject({ value: expect.any(Number), low: expect.any(Number), high: expect.any(Number) });
  });

  it("gives a listed origin its failures with CORS too, so its page can read them", async () => {
    const invalid = await rawCall(app, "POST", "/api/widget/valuation", {
      body: { key, address: "" },
      headers: { Origin: origin },
      from: "127.0.0.12",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("access-control-allow-origin")).toBe(origin);
    const unreadable = await rawCall(app, "POST", `/api/widget/valuation?key=${key}`, {
      body: "not json",
      headers: { Origin: origin },
      from: "127.0.0.12",
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get("access-control-allow-origin")).toBe(origin);
    const elsewhere = await rawCall(app, "POST", "/api/widget/valuation", {
      body: { key, address: "" },
      headers: { Origin: "https://elsewhere.example" },
      from: "127.0.0.12",
    });
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses another origin, a missing origin and an unknown key", async () => {
    const [address] = houses(501, 1);
    expect((await ask(address!, "https://elsewhere.example")).status).toBe(403);
    expect((await call(app, "POST", "/api/widget/valuation", { body: { key, address } })).status).toBe(403);
    expect(
      (
        await call(app, "POST", "/api/widget/valuation", {
          body: { key: "site_unknown", address },
          headers: { Origin: origin },
        })
      ).status,
    ).toBe(403);
  });

  it("limits one visitor to 20 paid lookups a minute: 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (const address of houses(510, 22)) statuses.push((await ask(address, origin, "127.0.0.77")).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.at(-1)).toBe(429);
    // Another visitor is not held back.
    expect((await ask(houses(540, 1)[0]!, origin, "127.0.0.78")).status).toBe(200);
  });

  it("refuses a site registration with a bad origin or budget, naming the field", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const reply = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "x", allowedOrigins: ["https://ok.example/path"], dailyBudget: 0 },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.error.fields)).toEqual(expect.arrayContaining(["allowedOrigins.0", "dailyBudget"]));
  });
});

describe("the widget behind a public origin (the standalone server bound to 0.0.0.0, as the image runs it)", () => {
  // The origin people reach the app at (NEXTAUTH_URL); the server itself listens on 0.0.0.0 and is asked on loopback.
  const publicOrigin = "https://homes.example";
  // The demo site that only a faraway partner's page may frame (every app has it).
  const partner = "https://partner-bank.example";
  const mailDir = mkdtempSync(join(tmpdir(), "widget-origin-mail-"));
  let own: Awaited<ReturnType<typeof startOwnApp>>;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer({ dir: mailDir });
    own = await startOwnApp("widget-origin", {
      HOSTNAME: "0.0.0.0",
      NEXTAUTH_URL: publicOrigin,
      SMTP_URL: smtp.url,
      WIDGET_LEAD_POW_BITS: "4",
      WIDGET_LEAD_MIN_SECONDS: "0",
    });
  }, 180_000);
  afterAll(async () => {
    await own?.stop();
    await smtp?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("writes the public origin, never the bind address, in the widget, its CSP, the report, the mail and redirects", async () => {
    const app = own.app;
    const [address] = houses(560, 1) as [string];
    const widget = await fetch(
      `${app.url}/embed/valuation?key=site_demo_blocked&address=${encodeURIComponent(address)}&parent=${partner}`,
      { headers: { Referer: `${partner}/rates` } },
    );
    expect(widget.status).toBe(200);
    const html = await widget.text();
    expect(html).toContain("Valuation provided by");
    expect(html).not.toContain("0.0.0.0");
    const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    const absolute = links.filter((link) => /^https?:/.test(link));
    // "Get a detailed report", "How this estimate is made" and the provider's logo.
    expect(absolute.filter((link) => link.startsWith(`${publicOrigin}/signup?address=`))).toHaveLength(1);
    const logo = links.find((link) => /\.(svg|png)$/.test(link));
    expect(logo?.startsWith(`${publicOrigin}/`)).toBe(true);
    expect(absolute.every((link) => link.startsWith(`${publicOrigin}/`))).toBe(true);
    // The frame's own CSP lets the logo load from where the page says it is.
    const imgSrc = widget.headers.get("content-security-policy")!.match(/img-src ([^;]+)/)![1]!;
    expect(imgSrc.split(" ")).toContain(publicOrigin);

    // The frame's own report form asks from the public origin, through a proxy that hands on a Host of its own (nginx's
    // default `proxy_set_header Host $proxy_host`): it is this app's origin all the same (second reading).
    const framed = await rawCall(
      app,
      "GET",
      `/api/widget/leads/challenge?key=site_demo_blocked&page=${encodeURIComponent(`${partner}/rates`)}`,
      { headers: { Origin: publicOrigin } },
    );
    expect(framed.status, JSON.stringify(framed.body)).toBe(200);

    // Its report form: a lead, whose mail (the visitor's link, the officer's notice) names the public origin only.
    const challenge = await rawCall(app, "GET", "/api/widget/leads/challenge?key=site_demo_blocked", {
      headers: { Origin: partner },
    });
    expect(challenge.status).toBe(200);
    const email = `origin-${Date.now()}@example.com`;
    let solution = 0;
    while (
      Math.clz32(createHash("sha256").update(`${challenge.body.challenge}:${solution}`).digest()[0]!) - 24 <
      challenge.body.bits
    )
      solution++;
    const lead = await rawCall(app, "POST", "/api/widget/leads", {
      body: {
        key: "site_demo_blocked",
        address,
        name: "Origin Visitor",
        email,
        page: `${partner}/rates`,
        challenge: challenge.body.challenge,
        solution: String(solution),
      },
      headers: { Origin: partner },
      from: "127.0.0.61",
    });
    expect(lead.status).toBe(202);
    let mail: Mail | undefined;
    for (let i = 0; i < 40 && !mail; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 250));
      mail = mailsIn(mailDir).find((m) => m.to.includes(email));
    }
    const link = mail!.raw.match(/https?:\/\/[^\s"<>]+\/report\?token=[\w-]+/)?.[0];
    expect(link?.startsWith(`${publicOrigin}/report?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get("token")!;
    const page = await fetch(`${app.url}/report?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("0.0.0.0");
    const report = await fetch(`${app.url}/api/widget/report?token=${token}`, { method: "POST" });
    expect(report.status).toBe(200);
    expect(await report.text()).not.toContain("0.0.0.0");

    // A page that needs a session sends people to sign in on the public origin (or a path), never the bind address.
    const redirect = await fetch(`${app.url}/dashboard`, { redirect: "manual" });
    expect(redirect.status).toBeGreaterThanOrEqual(300);
    expect(redirect.headers.get("location")).not.toContain("0.0.0.0");

    // The officer's notice comes from a job: every mail the app sent by then names no bind address.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const sent of mailsIn(mailDir)) expect(sent.raw).not.toContain("0.0.0.0");
  }, 120_000);
});
