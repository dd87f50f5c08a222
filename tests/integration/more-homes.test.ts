import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, houses, latestMail, newAccount, sessionFrom, signIn } from "./client";
import type { AppInfo } from "./setup";

const PRIVATE_FIELDS = /totalEquity|availableEquity|totalLoanBalance|"ltv"|"loans"|"ownerId"|own_/;
const usd = (value: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(value);
const street = (address: string) => address.split(",")[0]!;
const q = encodeURIComponent;

interface Home {
  propertyId: number;
  verified: boolean;
  facts: { address: string };
  equity?: { estimateLow: number; estimateHigh: number; totalLoanBalance: number; totalEquity: number };
}
const homeAt = (homes: Home[], address: string) => homes.find((h) => h.facts.address.startsWith(street(address)));

/** Claims a home with the deed's name for an account (which may hold homes already). */
async function claim(app: AppInfo, cookie: string, address: string) {
  return call(app, "POST", "/api/owners", { cookie, body: { ...deedName(address), address } });
}

/** Mails the code to one of the account's claimed homes and reads it from the outbox. */
async function letterCode(app: AppInfo, admin: string, cookie: string, address: string, named = true) {
  const letter = await call(app, "POST", `/api/ownership/letter${named ? `?address=${q(address)}` : ""}`, { cookie });
  expect(letter.status, JSON.stringify(letter.body)).toBe(201);
  expect(letter.body.address).toContain(street(address));
  return (await latestMail(app, admin, street(address), "letter")).code!;
}

/** The text of the dashboard element with this test id. */
const testIdText = (html: string, id: string) =>
  html.match(new RegExp(`data-testid="${id}"[^>]*>(.*?)</(dd|p)>`, "s"))?.[1]?.replace(/<!-- -->|<[^>]+>/g, "");

describe.each(["embedded", "http"] as const)("an account with several homes (%s service)", (name) => {
  const app = inject("apps")[name];
  const [first, second, third] = houses(name === "embedded" ? 1000 : 1010, 3) as [string, string, string];
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("proves a first home, adds a second through the same proof, and sees both with their totals", async () => {
    const { cookie } = await newAccount(app);
    expect((await claim(app, cookie, first)).status).toBe(201);
    expect(
      (
        await call(app, "POST", "/api/ownership/code", {
          cookie,
          body: { code: await letterCode(app, admin, cookie, first, false) },
        })
      ).status,
    ).toBe(200);

    // The second home is a claim of its own: the first stays proved, the second shows its public side only.
    const added = await claim(app, cookie, second);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ verified: false, created: true });
    const waiting = await call(app, "GET", "/api/owner-data", { cookie });
    expect(waiting.body.verified).toBe(true);
    expect(waiting.body.claims.map((c: { address: string }) => street(c.address))).toEqual([street(second)]);
    const proved = homeAt(waiting.body.properties, first)!;
    const claimed = homeAt(waiting.body.properties, second)!;
    expect(proved.verified).toBe(true);
    expect(proved.equity?.totalEquity).toEqual(expect.any(Number));
    expect(claimed.verified).toBe(false);
    expect(JSON.stringify(claimed)).not.toMatch(PRIVATE_FIELDS);
    expect((await call(app, "POST", "/api/home-equity-summary", { cookie, body: { address: first } })).status).toBe(
      200,
    );
    const hidden = await call(app, "POST", "/api/home-equity-summary", { cookie, body: { address: second } });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error.message).toMatch(/Prove you own this home/);
    expect(
      (await call(app, "GET", `/api/property/report?format=json&applicant_name=X&address=${q(second)}`, { cookie }))
        .status,
    ).toBe(403);
    expect((await call(app, "POST", "/api/avm", { cookie, body: { address: second } })).status).toBe(200);
    const claimedPage = await (
      await fetch(`${app.url}/dashboard/properties/${claimed.propertyId}`, { headers: { Cookie: cookie } })
    ).text();
    expect(claimedPage).toContain("Verify to see your loans and equity");
    expect(claimedPage).not.toMatch(/Loan-to-value|Total equity|Download report/);
    const dashboard = await (await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } })).text();
    expect(dashboard).toContain("Waiting for proof");
    expect(dashboard).toContain("Add another home");

    // Proof of the second by its own letter (the only claim, so the code needs no address).
    const code = await letterCode(app, admin, cookie, second);
    expect((await call(app, "POST", "/api/ownership/code", { cookie, body: { code } })).status).toBe(200);
    const both = await call(app, "GET", "/api/owner-data", { cookie });
    expect(both.body.claims).toEqual([]);
    const homes = [homeAt(both.body.properties, first)!, homeAt(both.body.properties, second)!];
    expect(homes.map((h) => h.verified)).toEqual([true, true]);
    expect((await call(app, "POST", "/api/home-equity-summary", { cookie, body: { address: second } })).status).toBe(
      200,
    );

    // The dashboard's totals are the sums over the proved homes (every home the account's records list).
    const all = both.body.properties as Home[];
    const sum = (pick: (h: Home) => number) => all.reduce((total, h) => total + pick(h), 0);
    let change = 0;
    for (const home of all)
      change += (await call(app, "POST", "/api/avm", { cookie, body: { address: home.facts.address } })).body
        .changeAmount;
    const page = await (await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie } })).text();
    expect(page).not.toContain("Waiting for proof");
    expect(testIdText(page, "total-loans")).toBe(usd(sum((h) => h.equity!.totalLoanBalance)));
    expect(testIdText(page, "total-equity")).toBe(usd(sum((h) => h.equity!.totalEquity)));
    // The value is a sum of estimates, shown as one (the point figure, or only the range when confidence is low).
    expect(page).toContain(usd(sum((h) => h.equity!.estimateLow)));
    expect(page).toContain(usd(sum((h) => h.equity!.estimateHigh)));
    expect(testIdText(page, "total-month-change")).toContain(
      `${change < 0 ? "−" : change > 0 ? "+" : ""}${usd(Math.abs(change))}`,
    );
  });

  it("lets no second account take a proved home, and keeps the holder's data its own", async () => {
    const holder = await newAccount(app);
    expect((await claim(app, holder.cookie, third)).status).toBe(201);
    expect((await claim(app, holder.cookie, first)).status).toBe(201);
    // Two claims wait: a code must say which home it is for, unless only one has a letter.
    const code = await letterCode(app, admin, holder.cookie, third);
    expect((await call(app, "POST", "/api/ownership/letter", { cookie: holder.cookie })).body.error.code).toBe(
      "which_home",
    );
    expect(
      (await call(app, "POST", "/api/ownership/code", { cookie: holder.cookie, body: { code, address: third } }))
        .status,
    ).toBe(200);

    const rival = await newAccount(app);
    expect((await claim(app, rival.cookie, third)).status).toBe(201);
    const rivalCode = await letterCode(app, admin, rival.cookie, third);
    const refused = await call(app, "POST", "/api/ownership/code", {
      cookie: rival.cookie,
      body: { code: rivalCode, address: third },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("owner_taken");
    const seen = await call(app, "GET", "/api/owner-data", { cookie: rival.cookie });
    expect(seen.body.verified).toBe(false);
    expect(JSON.stringify(seen.body)).not.toMatch(PRIVATE_FIELDS);
    expect(
      (await call(app, "POST", "/api/home-equity-summary", { cookie: rival.cookie, body: { address: third } })).status,
    ).toBe(403);

    // An invitation to the rival for the same home is refused the same way, and spends nothing.
    const invited = await call(app, "POST", "/api/invitations", {
      cookie: admin,
      body: { email: rival.email, ...deedName(third), address: third },
    });
    expect(invited.status).toBe(201);
    const { token } = await latestMail(app, admin, rival.email);
    const accepted = await call(app, "POST", "/api/invitations/accept", {
      body: { token, password: "another-good-long-password" },
    });
    expect(accepted.status).toBe(409);
    expect(JSON.stringify(accepted.body)).not.toMatch(PRIVATE_FIELDS);
    const holderData = await call(app, "GET", "/api/owner-data", { cookie: holder.cookie });
    expect(homeAt(holderData.body.properties, third)?.verified).toBe(true);
    expect(homeAt(holderData.body.properties, first)?.verified).toBe(false);
  });
});

describe("several homes: limits and invitations (embedded service)", () => {
  const app = inject("apps").embedded;
  const homes = houses(1020, 7);
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
  });

  it("keeps the letter limits per account, whichever homes the letters go to, and bounds the claims waiting", async () => {
    const { cookie } = await newAccount(app);
    for (const home of homes.slice(0, 5)) expect((await claim(app, cookie, home)).status).toBe(201);
    const sixth = await claim(app, cookie, homes[5]!);
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe("too_many_claims");
    await letterCode(app, admin, cookie, homes[0]!);
    const again = await call(app, "POST", `/api/ownership/letter?address=${q(homes[0]!)}`, { cookie });
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBeTruthy();
    await letterCode(app, admin, cookie, homes[1]!);
    await letterCode(app, admin, cookie, homes[2]!);
    const fourth = await call(app, "POST", `/api/ownership/letter?address=${q(homes[3]!)}`, { cookie });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe("letter_limit");
    const data = await call(app, "GET", "/api/owner-data", { cookie });
    expect(data.body.claims.every((c: { nextLetterAt: string | null }) => c.nextLetterAt !== null)).toBe(true);
    // A home the account never claimed has no letter to ask for.
    expect((await call(app, "POST", `/api/ownership/letter?address=${q(homes[6]!)}`, { cookie })).body.error.code).toBe(
      "no_claim",
    );
  });

  it("adds an invited home to an account that already has one", async () => {
    const account = await newAccount(app);
    expect((await claim(app, account.cookie, homes[6]!)).status).toBe(201);
    expect(
      (
        await call(app, "POST", "/api/ownership/code", {
          cookie: account.cookie,
          body: { code: await letterCode(app, admin, account.cookie, homes[6]!) },
        })
      ).status,
    ).toBe(200);
    const address = houses(1030, 1)[0]!;
    expect(
      (
        await call(app, "POST", "/api/invitations", {
          cookie: admin,
          body: { email: account.email, ...deedName(address), address },
        })
      ).status,
    ).toBe(201);
    const { token } = await latestMail(app, admin, account.email);
    // The link proves the mailbox: its new password replaces the account's and the account's other sessions end.
    const accepted = await call(app, "POST", "/api/invitations/accept", {
      body: { token, password: "another-good-long-password" },
    });
    expect(accepted.status).toBe(200);
    expect((await call(app, "GET", "/api/owner-data", { cookie: account.cookie })).status).toBe(401);
    const data = await call(app, "GET", "/api/owner-data", { cookie: sessionFrom(accepted)! });
    expect(homeAt(data.body.properties, homes[6]!)?.verified).toBe(true);
    expect(homeAt(data.body.properties, address)?.verified).toBe(true);
  });
});
