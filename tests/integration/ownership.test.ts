import { SignJWT } from "jose";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, latestMail, newAccount, sessionFrom, signIn, unique } from "./client";
import type { AppInfo } from "./setup";

const PRIVATE_FIELDS = /totalEquity|availableEquity|totalLoanBalance|"ltv"|"loans"|"ownerId"|own_/;

/** Claims a house with the deed's name, asks for the letter, and reads the code from the outbox. */
async function claimWithLetter(app: AppInfo, admin: string, address: string) {
  const account = await newAccount(app);
  const claimed = await call(app, "POST", "/api/owners", {
    cookie: account.cookie,
    body: { ...deedName(address), address },
  });
  expect(claimed.status).toBe(201);
  const letter = await call(app, "POST", "/api/ownership/letter", { cookie: account.cookie });
  expect(letter.status).toBe(201);
  const { code, recipient } = await latestMail(app, admin, address.split(",")[0]!, "letter");
  return { ...account, code: code!, recipient };
}

describe.each(["embedded", "http"] as const)("proof of ownership (%s service)", (name) => {
  const app = inject("apps")[name];
  const [first, second, third, fourth] = houses(name === "embedded" ? 700 : 720, 4) as [string, string, string, string];
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("refuses a name the deed does not carry, kindly, and creates nothing", async () => {
    const { cookie } = await newAccount(app);
    const refused = await call(app, "POST", "/api/owners", {
      cookie,
      body: { firstName: "Jane", lastName: "Doe", address: first },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/^The name on the deed does not match Jane Doe/);
    expect(refused.body.error.fields.lastName).toBeTruthy();
    expect((await call(app, "GET", "/api/owner-data", { cookie })).status).toBe(404);
  });

  it("shows a claimed home's public facts only, never its loans, equity, report or the owner's other home", async () => {
    // The demo homeowner's deed names are public record; they own a second home in Phoenix.
    const address = "3901 Wallingford Ave N, Seattle, WA 98103";
    const { cookie } = await newAccount(app);
    const claimed = await call(app, "POST", "/api/owners", {
      cookie,
      body: { firstName: "Matthew", lastName: "Sanchez", address },
    });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toMatchObject({ verified: false, created: true });
    const data = await call(app, "GET", "/api/owner-data", { cookie });
    expect(data.body.verified).toBe(false);
    expect(data.body.properties).toHaveLength(1);
    expect(data.body.properties[0].facts.address).toMatch(/^3901 Wallingford Ave N/);
    expect(JSON.stringify(data.body)).not.toMatch(PRIVATE_FIELDS);
    expect(JSON.stringify(data.body)).not.toContain("2744 N 24th St");
    expect((await call(app, "POST", "/api/avm", { cookie, body: { address } })).status).toBe(200);
    expect(
      (await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address)}`, { cookie })).status,
    ).toBe(200);
    const equity = await call(app, "POST", "/api/home-equity-summary", { cookie, body: { address } });
    expect(equity.status).toBe(403);
    expect(equity.body.error.message).toMatch(/Prove you own this home/);
    expect(
      (
        await call(
          app,
          "GET",
          `/api/property/report?format=json&applicant_name=Matthew%20Sanchez&address=${encodeURIComponent(address)}`,
          { cookie },
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(app, "POST", "/api/avm", { cookie, body: { address: "2744 N 24th St, Phoenix, AZ 85008" } })).status,
    ).toBe(403);
    const page = await (
      await fetch(`${app.url}/dashboard/properties/${data.body.properties[0].propertyId}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(page).toContain("Verify to see your loans and equity");
    expect(page).not.toMatch(/Loan-to-value|Total equity|Download report/);
  });

  it("proves ownership with the code mailed to the home: one letter at a time, tries counted, then everything", async () => {
    const owner = await claimWithLetter(app, admin, first);
    expect(owner.recipient).toContain(deedName(first).lastName);
    const again = await call(app, "POST", "/api/ownership/letter", { cookie: owner.cookie });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toMatch(/already on its way/);
    const wrong = await call(app, "POST", "/api/ownership/code", {
      cookie: owner.cookie,
      body: { code: owner.code === "000000" ? "000001" : "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/4 tries left/);
    expect(
      (await call(app, "POST", "/api/ownership/code", { cookie: owner.cookie, body: { code: "12345" } })).body.error
        .fields.code,
    ).toMatch(/6 digits/);
    const right = await call(app, "POST", "/api/ownership/code", { cookie: owner.cookie, body: { code: owner.code } });
    expect(right.status).toBe(200);
    const data = await call(app, "GET", "/api/owner-data", { cookie: owner.cookie });
    expect(data.body.verified).toBe(true);
    expect(data.body.properties[0].equity.ltv).toEqual(expect.any(Number));
    expect(
      (await call(app, "POST", "/api/home-equity-summary", { cookie: owner.cookie, body: { address: first } })).status,
    ).toBe(200);
  });

  it("lets one account hold an owner record: a second one proving the same home is refused, and never sees it", async () => {
    const holder = await claimWithLetter(app, admin, second);
    expect(
      (await call(app, "POST", "/api/ownership/code", { cookie: holder.cookie, body: { code: holder.code } })).status,
    ).toBe(200);
    const rival = await claimWithLetter(app, admin, second);
    const refused = await call(app, "POST", "/api/ownership/code", {
      cookie: rival.cookie,
      body: { code: rival.code },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("owner_taken");
    const data = await call(app, "GET", "/api/owner-data", { cookie: rival.cookie });
    expect(data.body.verified).toBe(false);
    expect(JSON.stringify(data.body)).not.toMatch(PRIVATE_FIELDS);
    expect((await call(app, "GET", "/api/owner-data", { cookie: holder.cookie })).body.verified).toBe(true);
  });

  it("counts code tries atomically: of 8 wrong codes sent at once, 5 are checked, and then even the right one is refused", async () => {
    const owner = await claimWithLetter(app, admin, third);
    const wrong = owner.code === "999999" ? "999998" : "999999";
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(app, "POST", "/api/ownership/code", { cookie: owner.cookie, body: { code: wrong } }),
      ),
    );
    expect(replies.filter((r) => r.body.error?.code === "wrong_code")).toHaveLength(5);
    expect(replies.filter((r) => r.body.error?.code === "no_code")).toHaveLength(3);
    const right = await call(app, "POST", "/api/ownership/code", { cookie: owner.cookie, body: { code: owner.code } });
    expect(right.status).toBe(400);
    expect(right.body.error.code).toBe("no_code");
  });

  it("posts one letter for 20 asked for at once: the limit is checked and written together", async () => {
    const [home] = houses(name === "embedded" ? 1200 : 1210, 1) as [string];
    const account = await newAccount(app);
    expect(
      (await call(app, "POST", "/api/owners", { cookie: account.cookie, body: { ...deedName(home), address: home } }))
        .status,
    ).toBe(201);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(app, "POST", "/api/ownership/letter", { cookie: account.cookie })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array(19).fill(429)]);
    for (const refused of replies.filter((reply) => reply.status === 429))
      expect(refused.body.error.code).toBe("letter_limit");
    const outbox = await call(
      app,
      "GET",
      `/api/admin/outbox?kind=letter&to=${encodeURIComponent(home.split(",")[0]!)}`,
      { cookie: admin },
    );
    expect(outbox.body.messages).toHaveLength(1);
  });

  it("invites a client by email: the deed must name them, the link works once, and a weak password does not spend it", async () => {
    const email = `client-${unique()}@example.com`;
    const notOnDeed = await call(app, "POST", "/api/invitations", {
      cookie: admin,
      body: { email, firstName: "Jane", lastName: "Doe", address: fourth },
    });
    expect(notOnDeed.status).toBe(422);
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: admin,
          body: { email, ...deedName(fourth), address: fourth },
        })
      ).status,
    ).toBe(201);
    const mail = await latestMail(app, admin, email);
    expect(mail.subject).toContain(fourth.split(",")[0]);
    expect(mail.html).toContain(`/invite?token=${mail.token}`);
    const accept = (password: string) =>
      fetch(`${app.url}/api/invitations/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: mail.token, password }),
      });
    const weak = await accept("password123");
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.fields.password).toMatch(/easy to guess/);
    const accepted = await accept("a-good-long-password");
    expect(accepted.status).toBe(200);
    const cookie = sessionFrom(accepted)!;
    expect(accepted.headers.getSetCookie().some((c) => c.startsWith("hd_device="))).toBe(true);
    const data = await call(app, "GET", "/api/owner-data", { cookie });
    expect(data.body.verified).toBe(true);
    expect(data.body.properties.map((p: { facts: { address: string } }) => p.facts.address.split(",")[0])).toContain(
      fourth.split(",")[0],
    );
    const reused = await accept("a-good-long-password");
    expect(reused.status).toBe(410);
    expect((await call(app, "POST", "/api/invitations/accept", { body: { token: "x".repeat(43) } })).status).toBe(404);
  });

  it("signs an existing homeowner in through an invitation to their own email, with a new password that ends the account's other sessions", async () => {
    const account = await newAccount(app);
    const address = houses(name === "embedded" ? 740 : 760, 1)[0]!;
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: admin,
          body: { email: account.email, ...deedName(address), address },
        })
      ).status,
    ).toBe(201);
    const { token } = await latestMail(app, admin, account.email);
    // Anyone could have made the account with this email: the link (the mailbox) sets its password.
    expect((await call(app, "POST", "/api/invitations/accept", { body: { token } })).status).toBe(400);
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password: "a-new-long-passphrase" }),
    });
    expect(accepted.status).toBe(200);
    expect((await call(app, "GET", "/api/owner-data", { cookie: sessionFrom(accepted)! })).body.verified).toBe(true);
    expect((await call(app, "GET", "/api/owner-data", { cookie: account.cookie })).status).toBe(401);
    expect(
      (await call(app, "GET", "/api/owner-data", { cookie: await signIn(app, account.email, "a-new-long-passphrase") }))
        .body.verified,
    ).toBe(true);
  });
});

describe("a partner's token is a proof only for a name on the deed", () => {
  const app = inject("apps").embedded;
  let site: { siteKey: string; siteSecret: string };
  beforeAll(async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    site = (
      await call(app, "POST", "/api/admin/sites", {
        cookie: admin,
        body: { name: `partner-${unique()}`, allowedOrigins: ["https://bank.example"], dailyBudget: 100 },
      })
    ).body;
  });
  const token = (claims: Record<string, string>) =>
    new SignJWT({ email: "member@bank.example", ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(site.siteKey)
      .setSubject(`member-${unique()}`)
      .setIssuedAt()
      .setExpirationTime("5m")
      .setJti(`jti-${unique()}${unique()}`)
      .sign(new TextEncoder().encode(site.siteSecret));

  it("refuses a member whose name the deed does not carry, and opens the dashboard of one it does", async () => {
    const address = houses(780, 1)[0]!;
    const refused = await fetch(
      `${app.url}/embed/dashboard?token=${await token({ given_name: "Jane", family_name: "Doe", address })}`,
      { redirect: "manual" },
    );
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("The name on the deed does not match");
    const { firstName, lastName } = deedName(address);
    const opened = await fetch(
      `${app.url}/embed/dashboard?token=${await token({ given_name: firstName, family_name: lastName, address })}`,
      {
        redirect: "manual",
      },
    );
    expect(opened.status).toBe(303);
    const cookie = opened.headers.getSetCookie()[0]!.split(";")[0]!;
    const data = await call(app, "GET", "/api/owner-data", { cookie });
    expect(data.body.verified).toBe(true);

    // The member's home has its own page inside the frame, framable by the partner's origin only; no one else's does.
    const propertyId = data.body.properties[0].propertyId;
    const page = await fetch(`${app.url}/embed/dashboard/view/properties/${propertyId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors https://bank.example");
    const html = await page.text();
    expect(html).toContain(address.split(",")[0]);
    expect(html).toContain("Your equity");
    const other = await fetch(`${app.url}/embed/dashboard/view/properties/${propertyId + 1}`, { headers: { cookie } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Your equity");
  });
});
