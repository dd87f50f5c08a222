import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, latestMail, rawCall, signIn, unique } from "./client";
import { exited, freePort, startNext, startOwnApp, waitFor } from "./processes";
import type { AppInfo } from "./setup";
import { smtpServer } from "./smtp";

/**
 * The value widget's "Get my full report": a lead for the site's officer behind a proof of work, a honeypot and the
 * day's limits, and a report link mailed to the visitor that opens once.
 */

const leadingZeroBits = (digest: Buffer) => {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
};
/**
 * What the widget's script does in the browser (SubtleCrypto there, node:crypto here): the first suffix that solves it.
 */
function solve(challenge: string, bits: number): string {
  for (let i = 0; ; i++)
    if (leadingZeroBits(createHash("sha256").update(`${challenge}:${i}`).digest()) >= bits) return String(i);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stamp {
  challenge: string;
  solution: string;
  minSeconds: number;
}
async function stamp(app: AppInfo, key: string, origin: string): Promise<Stamp> {
  const reply = await rawCall(app, "GET", `/api/widget/leads/challenge?key=${key}`, { headers: { Origin: origin } });
  expect(reply.status).toBe(200);
  return {
    challenge: reply.body.challenge,
    solution: solve(reply.body.challenge, reply.body.bits),
    minSeconds: reply.body.minSeconds,
  };
}
/** A stamp held as long as a person takes at least (the app's minimum time to submit). */
async function heldStamp(app: AppInfo, key: string, origin: string): Promise<Stamp> {
  const s = await stamp(app, key, origin);
  await sleep(s.minSeconds * 1000 + 150);
  return s;
}

const lead = (app: AppInfo, body: Record<string, unknown>, origin: string, from = "127.0.3.1") =>
  rawCall(app, "POST", "/api/widget/leads", { body, headers: { Origin: origin }, from });

const reportToken = (text: string) => text.match(/\/report\?token=([\w-]+)/)?.[1];
const decode = (body: unknown) => (typeof body === "string" ? body : new TextDecoder().decode(body as ArrayBuffer));

describe("the widget's report form (embedded app)", () => {
  const app = inject("apps").embedded;
  const origin = "https://widget-leads.example";
  let admin: string;
  let key: string;
  let officerId: number;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    const officer = await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email: `widget-officer-${unique()}@example.com`, password: "officer-password", role: "loan_officer" },
    });
    expect(officer.status).toBe(201);
    officerId = officer.body.id;
    const site = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "widget leads", allowedOrigins: [origin], dailyBudget: 5000, officerId },
    });
    expect(site.status).toBe(201);
    key = site.body.siteKey;
  });

  const outboxTo = async (email: string) =>
    (await call(app, "GET", `/api/admin/outbox?to=${encodeURIComponent(email)}`, { cookie: admin })).body
      .messages as unknown[];
  const leadEvents = async () =>
    (await call(app, "GET", "/api/admin/audit?action=lead.widget&limit=200", { cookie: admin })).body.events as {
      detail: Record<string, unknown>;
    }[];

  it("refuses a site officer who is not staff, naming officerId", async () => {
    const reply = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "x", allowedOrigins: [origin], dailyBudget: 10, officerId: 999_999 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields).toHaveProperty("officerId");
  });

  it("takes a lead from an allowed origin with a solved challenge: 202, a lead for the site's officer with the consent, the report link by mail", async () => {
    const [address] = houses(1600, 1);
    const email = `visitor-${unique()}@example.com`;
    const s = await heldStamp(app, key, origin);
    const reply = await lead(
      app,
      {
        key,
        address,
        name: "Pat Visitor",
        email,
        phone: "(206) 555-0123",
        consent: true,
        page: `${origin}/rates`,
        challenge: s.challenge,
        solution: s.solution,
      },
      origin,
      "127.0.3.2",
    );
    expect(reply.status).toBe(202);
    expect(reply.headers.get("access-control-allow-origin")).toBe(origin);
    const mail = await latestMail(app, admin, email);
    expect(mail.subject).toMatch(/^Your home report for /);
    expect(mail.html).toContain("Open my report");
    expect(reportToken(mail.text)).toMatch(/^[\w-]{40,}$/);
    // The lead went to the site's officer (the activity log names whom).
    let events: { detail: Record<string, unknown> }[] = [];
    for (let i = 0; i < 40 && !events.length; i++) {
      if (i) await sleep(250);
      events = (await leadEvents()).filter((e) => e.detail?.officerId === officerId);
    }
    expect(events[0]?.detail).toMatchObject({ officerId, leadId: expect.any(Number) });
  });

  it("opens the mailed link once: the page (GET) spends nothing, the button (POST) opens the public report, a second POST is refused", async () => {
    const [address] = houses(1601, 1);
    const email = `visitor-${unique()}@example.com`;
    const s = await heldStamp(app, key, origin);
    const name = "Sam Call 1-900-555-0100";
    expect(
      (
        await lead(
          app,
          { key, address, name, email, challenge: s.challenge, solution: s.solution },
          origin,
          "127.0.3.3",
        )
      ).status,
    ).toBe(202);
    const token = reportToken((await latestMail(app, admin, email)).text)!;
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${app.url}/report?token=${token}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Open my report");
    }
    const opened = await call(app, "POST", `/api/widget/report?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toContain("text/html");
    const report = decode(opened.body);
    expect(report).toContain("Service Estimate");
    expect(report).toContain("Valuation provided by");
    expect(report).toContain(address!.split(",")[0]!.toUpperCase().split(" ")[0]);
    // Public facts only: nothing of a loan, an equity or an owner.
    for (const word of ["Loan", "loan", "equity", "Equity", "balance", "LTV"]) expect(report).not.toContain(word);
    // Nothing the visitor wrote comes back under the lender's name (review: the form's name is anyone's text).
    expect(report).not.toContain("1-900-555-0100");
    const again = await call(app, "POST", `/api/widget/report?token=${token}`);
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("link_used");
    expect(await (await fetch(`${app.url}/report?token=${token}`)).text()).toContain("This link was already used");
  });

  it("refuses another origin, and a frame that does not sit on a listed origin", async () => {
    const [address] = houses(1602, 1);
    const s = await heldStamp(app, key, origin);
    const body = {
      key,
      address,
      name: "Eve",
      email: `eve-${unique()}@example.com`,
      challenge: s.challenge,
      solution: s.solution,
    };
    const elsewhere = await lead(app, body, "https://elsewhere.example");
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
    const ownFrame = await lead(app, { ...body, page: "https://elsewhere.example/page" }, app.url);
    expect(ownFrame.status).toBe(403);
    expect(await outboxTo(body.email)).toEqual([]);
  });

  it("refuses a missing, forged, early, other site's or reused challenge: 400 or 403 naming the challenge", async () => {
    const [address] = houses(1603, 1);
    const base = { key, address, name: "Bo", email: `bo-${unique()}@example.com` };
    const missing = await lead(app, { ...base, solution: "1" }, origin);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("challenge");

    const early = await stamp(app, key, origin);
    const tooSoon = await lead(app, { ...base, challenge: early.challenge, solution: early.solution }, origin);
    expect(tooSoon.status).toBe(403);
    expect(tooSoon.body.error.message).toMatch(/too quickly/);

    const s = await heldStamp(app, key, origin);
    const forged = `${s.challenge.slice(0, -3)}AAA`;
    const forgedReply = await lead(app, { ...base, challenge: forged, solution: solve(forged, 4) }, origin);
    expect(forgedReply.status).toBe(400);
    expect(forgedReply.body.error.fields).toHaveProperty("challenge");
    // An unsolved one: a suffix that does not give the zero bits.
    let wrong = 0;
    while (leadingZeroBits(createHash("sha256").update(`${s.challenge}:${wrong}`).digest()) >= 4) wrong++;
    expect((await lead(app, { ...base, challenge: s.challenge, solution: String(wrong) }, origin)).status).toBe(403);

    const other = await call(app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name: "other", allowedOrigins: [origin], dailyBudget: 10 },
    });
    const otherSite = await lead(
      app,
      { ...base, key: other.body.siteKey, challenge: s.challenge, solution: s.solution },
      origin,
    );
    expect(otherSite.status).toBe(400);

    expect(
      (await lead(app, { ...base, challenge: s.challenge, solution: s.solution }, origin, "127.0.3.4")).status,
    ).toBe(202);
    const reused = await lead(
      app,
      { ...base, email: `bo2-${unique()}@example.com`, challenge: s.challenge, solution: s.solution },
      origin,
      "127.0.3.4",
    );
    expect(reused.status).toBe(403);
    expect(reused.body.error.message).toMatch(/already used/);
  });

  it("answers a filled honeypot as a success and creates nothing", async () => {
    const [address] = houses(1604, 1);
    const email = `bot-${unique()}@example.com`;
    const s = await heldStamp(app, key, origin);
    const reply = await lead(
      app,
      {
        key,
        address,
        name: "Bot",
        email,
        website: "https://spam.example",
        challenge: s.challenge,
        solution: s.solution,
      },
      origin,
    );
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ accepted: true });
    await sleep(500);
    expect(await outboxTo(email)).toEqual([]);
  });

  it("refuses a phone without the consent, naming consent, and a phone that is not one", async () => {
    const [address] = houses(1605, 1);
    const s = await heldStamp(app, key, origin);
    const base = {
      key,
      address,
      name: "Al",
      email: `al-${unique()}@example.com`,
      challenge: s.challenge,
      solution: s.solution,
    };
    const unticked = await lead(app, { ...base, phone: "(206) 555-0123", consent: false }, origin);
    expect(unticked.status).toBe(400);
    expect(Object.keys(unticked.body.error.fields)).toEqual(["consent"]);
    expect((await lead(app, { ...base, phone: "(206) 555-0123" }, origin)).body.error.fields).toHaveProperty("consent");
    const notAPhone = await lead(app, { ...base, phone: "12", consent: true }, origin);
    expect(notAPhone.status).toBe(400);
    expect(notAPhone.body.error.fields).toHaveProperty("phone");
    expect((await lead(app, { ...base, name: "" }, origin)).body.error.fields).toHaveProperty("name");
    expect((await lead(app, { ...base, email: "not-an-email" }, origin)).body.error.fields).toHaveProperty("email");
  });

  it("refuses a page that is not an http(s) address on one of the site's origins, naming page", async () => {
    const [address] = houses(1640, 1);
    for (const page of ["javascript:alert(document.cookie)", "https://elsewhere.example/rates", "data:text/html,x"]) {
      const s = await heldStamp(app, key, origin);
      const body = { key, address, name: "Pg", email: `pg-${unique()}@example.com`, page };
      const reply = await lead(app, { ...body, challenge: s.challenge, solution: s.solution }, origin, "127.0.3.40");
      expect(reply.status, page).toBe(400);
      expect(Object.keys(reply.body.error.fields)).toEqual(["page"]);
    }
  });

  it("keeps the consent and the mail in the language the frame showed (its challenge's), whatever the POST's ?lang= says", async () => {
    const [address] = houses(1641, 1);
    const email = `lang-${unique()}@example.com`;
    const given = await rawCall(app, "GET", `/api/widget/leads/challenge?key=${key}&lang=es`, {
      headers: { Origin: origin },
    });
    expect(given.status).toBe(200);
    await sleep(given.body.minSeconds * 1000 + 150);
    const reply = await rawCall(app, "POST", "/api/widget/leads?lang=en", {
      body: {
        key,
        address,
        name: "Lucía",
        email,
        phone: "(206) 555-0124",
        consent: true,
        page: `${origin}/es/tasas`,
        challenge: given.body.challenge,
        solution: solve(given.body.challenge, given.body.bits),
      },
      headers: { Origin: origin },
      from: "127.0.3.41",
    });
    expect(reply.status).toBe(202);
    expect((await latestMail(app, admin, email)).subject).toMatch(/^El informe de su vivienda/);
    const rows = (await call(app, "GET", "/api/leads?size=50", { cookie: admin })).body.leads as {
      email: string;
      consent: { locale: string; text: string } | null;
    }[];
    expect(rows.find((row) => row.email === email)?.consent?.locale).toBe("es");
  });

  it("takes control characters out of a visitor's name before it is kept or reaches a mail header", async () => {
    const [address] = houses(1642, 1);
    const email = `ctl-${unique()}@example.com`;
    const s = await heldStamp(app, key, origin);
    const name = "Eve\r\nBcc: victim@evil.example\u0007\tX";
    const reply = await lead(
      app,
      { key, address, name, email, challenge: s.challenge, solution: s.solution },
      origin,
      "127.0.3.42",
    );
    expect(reply.status).toBe(202);
    const rows = (await call(app, "GET", "/api/leads?size=50", { cookie: admin })).body.leads as {
      email: string;
      name: string;
    }[];
    const kept = rows.find((row) => row.email === email)?.name;
    expect(kept).toBe("Eve Bcc: victim@evil.example X");
  });

  /** Stamps for `count` submissions, held together as long as a person takes at least. */
  const heldStamps = async (count: number) => {
    const stamps = await Promise.all(Array.from({ length: count }, () => stamp(app, key, origin)));
    await sleep(stamps[0]!.minSeconds * 1000 + 150);
    return stamps;
  };
  /** An address with a unit written after its street ("1 Main St Unit 1, City, ST 12345"). */
  const withUnit = (address: string, unit: string) => address.replace(",", ` ${unit},`);

  it("counts a house's leads per house: made-up units of it after the day's 3 are refused with 429", async () => {
    const [address] = houses(1606, 1) as [string];
    const stamps = await heldStamps(6);
    const addresses = [
      address,
      address,
      address,
      withUnit(address, "Unit 1"),
      withUnit(address, "#2"),
      withUnit(address, "Apt 3"),
    ];
    const statuses: number[] = [];
    for (const [i, typed] of addresses.entries()) {
      const s = stamps[i]!;
      // A visitor each (their own limit is not the one in question), and a recipient each.
      const body = {
        key,
        address: typed,
        name: "Unit",
        email: `unit-${unique()}@example.com`,
        challenge: s.challenge,
        solution: s.solution,
      };
      statuses.push((await lead(app, body, origin, `127.0.6.${i + 1}`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
  }, 60_000);

  it("mails the report link without repeating anything the visitor wrote in the form", async () => {
    const [address] = houses(1607, 1) as [string];
    const name = "URGENT: your loan is past due. Call 1-900-555-0100 or visit https://evil.example/pay";
    const email = `victim-${unique()}@example.com`;
    const [s] = await heldStamps(1);
    expect(
      (
        await lead(
          app,
          { key, address, name, email, challenge: s!.challenge, solution: s!.solution },
          origin,
          "127.0.6.20",
        )
      ).status,
    ).toBe(202);
    const mail = await latestMail(app, admin, email);
    for (const text of [mail.subject, mail.text, mail.html ?? ""]) {
      expect(text).not.toContain("URGENT");
      expect(text).not.toContain("1-900-555-0100");
      expect(text).not.toContain("evil.example");
    }
    expect(mail.text).toMatch(/^Hello,/);
  }, 30_000);

  it("mails one address at most 3 report links a day: a 4th lead is kept (202) but sends nothing", async () => {
    const email = `recipient-${unique()}@example.com`;
    const homes = houses(1608, 2) as [string, string];
    const stamps = await heldStamps(4);
    const statuses: number[] = [];
    for (const [i, s] of stamps.entries()) {
      // Two houses (their own limit is not the one in question) and a visitor each.
      const body = { key, address: homes[i % 2], name: "Pat", email, challenge: s.challenge, solution: s.solution };
      statuses.push((await lead(app, body, origin, `127.0.6.${30 + i}`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202]);
    await sleep(500);
    expect(await outboxTo(email)).toHaveLength(3);
    // The officer has all four leads (the newest, everyone's for an admin).
    const newest = (await call(app, "GET", "/api/leads?size=20", { cookie: admin })).body.leads as {
      email: string | null;
    }[];
    expect(newest.filter((row) => row.email === email)).toHaveLength(4);
  }, 30_000);

  it("creates no more leads than the limits allow under a scripted flood of 1,000 submissions", async () => {
    // 10 visitors (5 leads a day each) and 4 addresses (3 leads a day each): the addresses' limit is the lower, 12.
    const PER_ADDRESS = 3;
    const addresses = houses(1610, 4);
    const ips = Array.from({ length: 10 }, (_, i) => `127.0.4.${i + 1}`);
    const email = `flood-${unique()}@example.com`;
    const stamps: Stamp[] = [];
    for (let batch = 0; batch < 1000; batch += 50) {
      stamps.push(...(await Promise.all(Array.from({ length: 50 }, () => stamp(app, key, origin)))));
    }
    await sleep(stamps[0]!.minSeconds * 1000 + 150);
    const statuses: number[] = [];
    // Ten at a time, one per visitor: each visitor's submissions arrive in order.
    for (let batch = 0; batch < 1000; batch += 10) {
      const replies = await Promise.all(
        ips.map((ip, j) => {
          const i = batch + j;
          const s = stamps[i]!;
          return lead(
            app,
            { key, address: addresses[i % 4], name: `Flood ${i}`, email, challenge: s.challenge, solution: s.solution },
            origin,
            ip,
          );
        }),
      );
      statuses.push(...replies.map((reply) => reply.status));
    }
    const accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBe(addresses.length * PER_ADDRESS);
    expect(statuses.filter((status) => status !== 202 && status !== 429)).toEqual([]);
    // Twelve leads, all for one recipient: the report links mailed to them are the day's 3.
    expect(await outboxTo(email)).toHaveLength(3);
  }, 180_000);

  it("lets one visitor send 5 leads a day, for different homes, then answers 429 with Retry-After", async () => {
    // A recipient each (one recipient is mailed at most 3 links a day), under one name to count their mail by.
    const visitor = `one-visitor-${unique()}`;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (const [i, address] of houses(1630, 7).entries()) {
      const s = await heldStamp(app, key, origin);
      const email = `${visitor}-${i}@example.com`;
      const reply = await lead(
        app,
        { key, address, name: "One", email, challenge: s.challenge, solution: s.solution },
        origin,
        "127.0.5.1",
      );
      statuses.push(reply.status);
      retryAfter = reply.headers.get("retry-after");
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await outboxTo(visitor)).toHaveLength(5);
  }, 60_000);
});

describe("an expired report link (an app of this file's own, whose links last a second)", () => {
  const run = unique();
  const dataDir = mkdtempSync(join(tmpdir(), "widget-leads-"));
  const mailDir = mkdtempSync(join(tmpdir(), "widget-leads-mail-"));
  const app: AppInfo = {
    name: "embedded",
    url: "",
    admin: { email: "", password: "" },
    userLimitPerMinute: 0,
    mailDir,
  };
  let child: ChildProcess;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer({ dir: mailDir });
    const port = await freePort();
    app.url = `http://127.0.0.1:${port}`;
    child = startNext(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      PROPERTY_API_BASE_URL: "",
      NEXTAUTH_SECRET: `secret-${run}`,
      SMTP_URL: smtp.url,
      WIDGET_LEAD_POW_BITS: "4",
      WIDGET_LEAD_MIN_SECONDS: "0",
      WIDGET_REPORT_LINK_SECONDS: "1",
    });
    await waitFor(`${app.url}/api/health`, child, "widget leads app");
  }, 120_000);
  afterAll(async () => {
    child?.kill("SIGTERM");
    if (child) await exited(child);
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("says the link has expired, on the page and to the button", async () => {
    // The demo site is framed by the app's own origins.
    const s = await stamp(app, "site_demo", app.url);
    const email = `late-${unique()}@example.com`;
    const [address] = houses(1620, 1);
    expect(
      (
        await lead(
          app,
          { key: "site_demo", address, name: "Late", email, challenge: s.challenge, solution: s.solution },
          app.url,
        )
      ).status,
    ).toBe(202);
    await sleep(1500);
    const token = reportToken((await latestMail(app, "", email)).text)!;
    expect(await (await fetch(`${app.url}/report?token=${token}`)).text()).toContain("This link has expired");
    const opened = await call(app, "POST", `/api/widget/report?token=${token}`);
    expect(opened.status).toBe(410);
    expect(opened.body.error.code).toBe("link_expired");
  });
});

describe("the lead limits under a flood (an app of this file's own: 10 leads a site a day, 8 a network)", () => {
  let own: Awaited<ReturnType<typeof startOwnApp>>;
  let admin: string;
  const origin = "https://flood.example";
  beforeAll(async () => {
    own = await startOwnApp("widget-flood", {
      WIDGET_LEAD_POW_BITS: "4",
      WIDGET_LEAD_MIN_SECONDS: "0",
      WIDGET_LEADS_PER_SITE_PER_DAY: "10",
      WIDGET_LEADS_PER_NETWORK_PER_DAY: "8",
    });
    admin = await signIn(own.app, own.app.admin.email, own.app.admin.password);
  }, 180_000);
  afterAll(async () => own?.stop());

  const newSite = async (name: string, officerId?: number) => {
    const site = await call(own.app, "POST", "/api/admin/sites", {
      cookie: admin,
      body: { name, allowedOrigins: [origin], dailyBudget: 5000, officerId },
    });
    expect(site.status).toBe(201);
    return site.body.siteKey as string;
  };
  /** One visitor's lead from `ip`, for `address`, with a challenge of its own (given in `lang`). */
  const send = async (siteKey: string, address: string, ip: string, lang = "en") => {
    const given = await rawCall(own.app, "GET", `/api/widget/leads/challenge?key=${siteKey}&lang=${lang}`, {
      headers: { Origin: origin },
    });
    const body = {
      key: siteKey,
      address,
      name: "Flood",
      // Whose it is, to find the site's leads by.
      email: `${siteKey.toLowerCase()}-${unique()}@example.com`,
      challenge: given.body.challenge,
      solution: solve(given.body.challenge, given.body.bits),
    };
    return rawCall(own.app, "POST", `/api/widget/leads?lang=${lang}`, { body, headers: { Origin: origin }, from: ip });
  };

  it("spends a visitor's point only on a lead that passed its checks", async () => {
    const siteKey = await newSite("checks");
    const [a, b, c] = houses(1700, 3) as [string, string, string];
    const statuses: number[] = [];
    // The 4th lead for one house is refused by the house's limit: it costs the visitor nothing.
    for (const address of [a, a, a, a, b, c]) statuses.push((await send(siteKey, address, "127.0.20.1")).status);
    expect(statuses).toEqual([202, 202, 202, 429, 202, 202]);
  }, 60_000);

  it("counts an IPv4 /24 as one network: past its 8, a 429 that says the limit is the site's, in the visitor's language", async () => {
    const siteKey = await newSite("network");
    const homes = houses(1710, 10);
    const replies = [];
    for (const [i, address] of homes.entries())
      replies.push(await send(siteKey, address, `127.0.21.${i + 1}`, i === 9 ? "es" : "en"));
    expect(replies.map((reply) => reply.status)).toEqual([...Array(8).fill(202), 429, 429]);
    expect(replies[8]!.body.error.message).toMatch(/^This site /);
    expect(replies[8]!.body.error.message).not.toMatch(/from here/);
    expect(replies[9]!.body.error.message).toMatch(/^Este sitio /);
    expect(Number(replies[8]!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another network is not held back by it.
    expect((await send(siteKey, houses(1720, 1)[0]!, "127.0.22.1")).status).toBe(202);
  }, 90_000);

  it("counts a visitor's, a network's and a home's leads per site, as its 429 says: another partner's form stays open (walkthrough)", async () => {
    const [first, second] = [await newSite("first"), await newSite("second")];
    const homes = houses(1770, 7);
    const statuses: number[] = [];
    for (const address of homes.slice(0, 6)) statuses.push((await send(first, address, "127.0.77.1")).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await send(second, homes[6]!, "127.0.77.1")).status).toBe(202);
    // The same home on another site, too.
    expect((await send(second, homes[0]!, "127.0.77.2")).status).toBe(202);
  }, 90_000);

  it("keeps taking leads past the site's cap, holds them for review, tells the admins once, and lets an admin release one", async () => {
    const officerEmail = `flood-officer-${unique()}@example.com`;
    const officer = await call(own.app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
    });
    expect(officer.status, JSON.stringify(officer.body)).toBe(201);
    const siteKey = await newSite("flood", officer.body.id);
    const homes = houses(1730, 31);
    const statuses: number[] = [];
    // 30 leads from 30 networks, then a real visitor from yet another.
    for (const [i, address] of homes.entries())
      statuses.push((await send(siteKey, address, `127.0.${30 + i}.1`)).status);
    expect(statuses).toEqual(Array(31).fill(202));

    type Row = { id: number; held: boolean; email: string };
    const ours = ((await call(own.app, "GET", "/api/leads?size=50", { cookie: admin })).body.leads as Row[]).filter(
      (row) => row.email.startsWith(`${siteKey.toLowerCase()}-`),
    );
    expect(ours).toHaveLength(31);
    expect(ours.filter((row) => row.held)).toHaveLength(21);

    // Every visitor, held or not, got their report link.
    const links = (
      await call(own.app, "GET", `/api/admin/outbox?to=${encodeURIComponent(siteKey.toLowerCase())}`, { cookie: admin })
    ).body.messages as unknown[];
    expect(links).toHaveLength(31);
    // One mail to the admins about it, however many leads were held.
    await sleep(1000);
    const notices = (
      await call(own.app, "GET", `/api/admin/outbox?to=${encodeURIComponent(own.app.admin.email)}`, { cookie: admin })
    ).body.messages as { subject: string }[];
    expect(notices.filter((mail) => /held/i.test(mail.subject))).toHaveLength(1);

    // Held is held from the officer and their CRM too: not listed, not readable, until an admin releases it.
    const officerCookie = await signIn(own.app, officerEmail, "officer-password");
    const theirs = (await call(own.app, "GET", "/api/leads?size=50", { cookie: officerCookie })).body.leads as Row[];
    expect(theirs.map((row) => row.held)).toEqual(Array(10).fill(false));
    const held = ours.find((row) => row.held)!;
    expect((await call(own.app, "GET", `/api/leads/${held.id}`, { cookie: officerCookie })).status).toBe(404);
    const released = await call(own.app, "POST", `/api/leads/${held.id}/release`, { cookie: admin });
    expect(released.status).toBe(200);
    expect((await call(own.app, "GET", `/api/leads/${held.id}`, { cookie: officerCookie })).status).toBe(200);
    expect((await call(own.app, "GET", `/api/leads/${held.id}`, { cookie: admin })).body.held).toBe(false);
    const events = (await call(own.app, "GET", "/api/admin/audit?action=lead.release", { cookie: admin })).body
      .events as { detail: Record<string, unknown> }[];
    expect(events.some((event) => event.detail?.leadId === held.id)).toBe(true);

    // The activity log's chain is whole after the flood.
    const verify = await call(own.app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
  }, 180_000);
});
