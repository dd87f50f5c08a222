import { oneLine } from "@/lib/address";
import { getDataset } from "@/lib/sandbox/dataset";
import { peopleOf } from "@/lib/sandbox/verify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, deedName, newAccount, people, signIn, type People } from "./client";

/** Data-set houses with two loans or more, people on the deed, a slice of their own. */
function housesWithLoans(count: number): string[] {
  const found = getDataset().properties.filter(
    (p) => p.kind !== "CONDOMINIUM" && !p.vacant && peopleOf(p).length > 0 && p.loans.length >= 2,
  );
  return found.slice(130, 130 + count).map((p) => oneLine({ ...p.address, zip4: "" }));
}

const offers = { heloc: { ratePercent: 7.25, termYears: 15 }, cashOut: { ratePercent: 6.5, termYears: 30 } };

describe("the organization's offers (admins)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let before: unknown;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    before = (await call(app, "GET", "/api/admin/offers", { cookie: admin })).body;
  });
  afterAll(async () => {
    await call(app, "PUT", "/api/admin/offers", { cookie: admin, body: before });
  });

  it("starts at the documented defaults, and keeps what an admin sets", async () => {
    expect(before).toEqual({
      heloc: { ratePercent: 8.5, termYears: 20 },
      cashOut: { ratePercent: 6.75, termYears: 30 },
    });
    const set = await call(app, "PUT", "/api/admin/offers", { cookie: admin, body: offers });
    expect(set.status).toBe(200);
    expect(set.body).toEqual(offers);
    expect((await call(app, "GET", "/api/admin/offers", { cookie: admin })).body).toEqual(offers);
    const zero = { heloc: { ratePercent: 0, termYears: 1 }, cashOut: { ratePercent: 25, termYears: 40 } };
    expect((await call(app, "PUT", "/api/admin/offers", { cookie: admin, body: zero })).body).toEqual(zero);
    await call(app, "PUT", "/api/admin/offers", { cookie: admin, body: offers });
  });

  it.each([
    [{ ...offers, heloc: { ratePercent: 25.5, termYears: 15 } }, "heloc.ratePercent", /at most 25%/],
    [{ ...offers, heloc: { ratePercent: -1, termYears: 15 } }, "heloc.ratePercent", /at least 0%/],
    [{ ...offers, cashOut: { ratePercent: "6.5", termYears: 30 } }, "cashOut.ratePercent", /must be a number/],
    [{ ...offers, cashOut: { ratePercent: 6.5, termYears: 12.5 } }, "cashOut.termYears", /whole number of years/],
    [{ ...offers, cashOut: { ratePercent: 6.5, termYears: 0 } }, "cashOut.termYears", /at least 1 year/],
    [{ ...offers, heloc: { ratePercent: 6.5, termYears: 41 } }, "heloc.termYears", /at most 40 years/],
    [{ heloc: offers.heloc }, "cashOut", /required/],
  ])("refuses %j with 400 naming the field and the reason", async (body, field, reason) => {
    const reply = await call(app, "PUT", "/api/admin/offers", { cookie: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields[field]).toMatch(reason);
    expect((await call(app, "GET", "/api/admin/offers", { cookie: admin })).body).toEqual(offers);
  });

  it("is for admins only", async () => {
    const owner = await signIn(app, "homeowner@example.com", "homeowner-demo");
    const officer = await signIn(app, "officer@example.com", "officer-demo");
    for (const cookie of [owner, officer]) {
      expect((await call(app, "GET", "/api/admin/offers", { cookie })).status).toBe(403);
      expect((await call(app, "PUT", "/api/admin/offers", { cookie, body: offers })).status).toBe(403);
    }
    expect((await call(app, "GET", "/api/admin/offers")).status).toBe(401);
  });
});

describe("the owner's own figures", () => {
  const app = inject("apps").embedded;
  let p: People;
  let propertyId: number;
  let otherPropertyId: number;
  let recorded: {
    estimate: number;
    totalLoanBalance: number;
    maxLtv: number;
    loans: { position: string; balance: number; id: string }[];
  };
  const path = () => `/api/owner-figures/${propertyId}`;

  beforeAll(async () => {
    p = await people(app, housesWithLoans(2) as [string, string]);
    const mine = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    propertyId = mine.body.properties[0].propertyId;
    recorded = mine.body.properties[0].equity;
    otherPropertyId = (await call(app, "GET", "/api/owner-data", { cookie: p.otherOwner })).body.properties[0]
      .propertyId;
    expect(recorded.loans.length).toBeGreaterThanOrEqual(2);
  });

  it("has none at first: the service's equity as it is", async () => {
    const reply = await call(app, "GET", path(), { cookie: p.owner });
    expect(reply.status).toBe(200);
    expect(reply.body.figures).toEqual({ condition: null, loans: {}, updatedAt: null });
    expect(reply.body.equity).toMatchObject({
      totalLoanBalance: recorded.totalLoanBalance,
      estimate: recorded.estimate,
    });
  });

  it("keeps a loan paid off, another's balance and rate and the condition, and recomputes equity from the service's value", async () => {
    const [first, second] = recorded.loans as [(typeof recorded.loans)[0], (typeof recorded.loans)[0]];
    const loans = {
      [first.id]: { balance: 100_000, ratePercent: 3.25 },
      [second.id || second.position]: { paidOff: true },
    };
    const saved = await call(app, "PUT", path(), { cookie: p.owner, body: { condition: "excellent", loans } });
    expect(saved.status).toBe(200);
    expect(saved.body.figures).toMatchObject({ condition: "excellent", loans });
    const total = recorded.totalLoanBalance - first.balance - second.balance + 100_000;
    const expected = Math.max(0, Math.round((recorded.estimate * recorded.maxLtv - total) * 100) / 100);
    expect(saved.body.equity.totalLoanBalance).toBeCloseTo(total, 2);
    expect(saved.body.equity.totalEquity).toBeCloseTo(recorded.estimate - total, 2);
    expect(saved.body.equity.ltv).toBeCloseTo(total / recorded.estimate, 4);
    expect(saved.body.equity.availableEquity).toBeCloseTo(expected, 2);
    expect(saved.body.equity.estimate).toBe(recorded.estimate);
    expect(saved.body.equity.loans.map((l: { id: string }) => l.id)).not.toContain(second.id);

    // Read back; the service's own answers are unchanged.
    expect((await call(app, "GET", path(), { cookie: p.owner })).body).toEqual(saved.body);
    const again = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    expect(again.body.properties[0].equity.totalLoanBalance).toBe(recorded.totalLoanBalance);

    // The page shows them as the owner's own, with the condition that applies.
    const page = await (
      await fetch(`${app.url}/dashboard/properties/${propertyId}`, { headers: { Cookie: p.owner } })
    ).text();
    expect(page).toContain("Your figures");
    expect(page).toContain("Yours (your figures)");
    expect(page).toContain("What you could borrow");
  });

  it("undoes one correction, then resets them all", async () => {
    const current = (await call(app, "GET", path(), { cookie: p.owner })).body.figures;
    const [first] = recorded.loans as [(typeof recorded.loans)[0]];
    const rest = Object.fromEntries(Object.entries(current.loans).filter(([key]) => key !== first.id));
    const undone = await call(app, "PUT", path(), {
      cookie: p.owner,
      body: { condition: current.condition, loans: rest },
    });
    expect(undone.status).toBe(200);
    expect(Object.keys(undone.body.figures.loans)).toEqual(Object.keys(rest));
    const reset = await call(app, "DELETE", path(), { cookie: p.owner });
    expect(reset.status).toBe(200);
    expect(reset.body.figures).toEqual({ condition: null, loans: {}, updatedAt: null });
    expect(reset.body.equity.totalLoanBalance).toBe(recorded.totalLoanBalance);
    expect((await call(app, "GET", path(), { cookie: p.owner })).body.figures.updatedAt).toBeNull();
  });

  it.each([
    [{ loans: { LOAN: { balance: -1 } } }, "loans.LOAN.balance", /at least 0/],
    [{ loans: { LOAN: { balance: 1e12 } } }, "loans.LOAN.balance", /at most/],
    [{ loans: { LOAN: { ratePercent: 26 } } }, "loans.LOAN.ratePercent", /at most 25%/],
    [{ loans: { LOAN: { ratePercent: "3" } } }, "loans.LOAN.ratePercent", /must be a number/],
    [{ loans: { LOAN: {} } }, "loans.LOAN", /paidOff, balance or ratePercent/],
    [{ loans: { LOAN: { paidOff: "yes" } } }, "loans.LOAN.paidOff", /true or false/],
    [{ condition: "fair" }, "condition", /poor, good or excellent/],
  ])("refuses %j with 400 naming the field", async (body, field, reason) => {
    const loan = recorded.loans[0]!.id;
    const swap = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll("LOAN", loan));
    const reply = await call(app, "PUT", path(), { cookie: p.owner, body: swap(body) });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields[swap(field)]).toMatch(reason);
  });

  it("refuses a loan that is not on record for the home, and a property id that is not a number", async () => {
    const reply = await call(app, "PUT", path(), {
      cookie: p.owner,
      body: { loans: { "someone-else": { paidOff: true } } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields["loans.someone-else"]).toMatch(/not a loan on record/);
    expect((await call(app, "GET", "/api/owner-figures/abc", { cookie: p.owner })).status).toBe(400);
  });

  it("lets no other account read or write them: another owner, a stranger, an unproved claimant, staff", async () => {
    await call(app, "PUT", path(), { cookie: p.owner, body: { condition: "poor", loans: {} } });
    const stranger = (await newAccount(app)).cookie;
    for (const cookie of [p.otherOwner, stranger]) {
      const read = await call(app, "GET", path(), { cookie });
      expect(read.status).toBe(404);
      // The same answer as a home that does not exist.
      expect(read.body).toEqual((await call(app, "GET", "/api/owner-figures/999999999", { cookie })).body);
      expect((await call(app, "PUT", path(), { cookie, body: { condition: "excellent" } })).status).toBe(404);
      expect((await call(app, "DELETE", path(), { cookie })).status).toBe(404);
    }
    for (const cookie of [p.officer, p.admin]) {
      expect((await call(app, "GET", path(), { cookie })).status).toBe(403);
      expect((await call(app, "PUT", path(), { cookie, body: { condition: "excellent" } })).status).toBe(403);
    }
    expect((await call(app, "GET", path())).status).toBe(401);
    // The other owner's own home is theirs to correct, and has nothing of the first owner's.
    expect(
      (await call(app, "GET", `/api/owner-figures/${otherPropertyId}`, { cookie: p.otherOwner })).body.figures
        .condition,
    ).toBeNull();
    expect((await call(app, "GET", path(), { cookie: p.owner })).body.figures.condition).toBe("poor");
  });

  it("refuses an unproved claim of the home, and shows it no figures or scenarios", async () => {
    const { cookie } = await newAccount(app);
    const { firstName, lastName } = deedName(p.ownerAddress);
    expect(
      (await call(app, "POST", "/api/owners", { cookie, body: { firstName, lastName, address: p.ownerAddress } }))
        .status,
    ).toBe(201);
    const claimed = (await call(app, "GET", "/api/owner-data", { cookie })).body.properties[0].propertyId;
    const refused = await call(app, "GET", `/api/owner-figures/${claimed}`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Prove you own this home/);
    expect(
      (await call(app, "PUT", `/api/owner-figures/${claimed}`, { cookie, body: { condition: "good" } })).status,
    ).toBe(403);
    const page = await (
      await fetch(`${app.url}/dashboard/properties/${claimed}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).not.toMatch(/Your figures|What you could borrow|Home equity line|Cash-out refinance|Mark paid off/);
  });
});
