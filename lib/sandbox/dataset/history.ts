import type { Random } from "./random";
import type { Assessment, Entity, Loan, Owner, Person, Sale } from "./types";
import type { Market } from "./markets";
import { CORPORATE_NAMES, FIRST_NAMES, GENERATIONAL_SUFFIXES, LAST_NAMES, LENDERS } from "./names";
import { mortgageRate, priceIndex } from "./market-index";

export const AS_OF = "2026-11-01";
const AS_OF_YEAR = Number(AS_OF.slice(0, 4));

const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
const round = (value: number, to: number) => Math.round(value / to) * to;

export function person(random: Random, last: string = random.pick(LAST_NAMES)): Person {
  return {
    kind: "person",
    first: random.pick(FIRST_NAMES),
    middle: random.chance(0.6) ? String.fromCharCode(65 + random.int(0, 25)) : "",
    last,
    suffix: random.chance(0.05) ? random.pick(GENERATIONAL_SUFFIXES) : "",
  };
}

export function ownerName(owner: Owner): string {
  if (owner.kind !== "person") return owner.name;
  return [owner.last, owner.first, owner.middle, owner.suffix].filter(Boolean).join(" ");
}

/** Who owns a property: one to four people, a household, a trust or a company. */
export function makeOwners(random: Random): { owners: Owner[]; vesting: string } {
  const roll = random.next();
  if (roll < 0.08) {
    const [name, form] = random.pick(CORPORATE_NAMES);
    const entity: Entity = { kind: "corporation", name: `${name} ${form}`, trustees: [] };
    return { owners: [entity], vesting: form === "LLC" ? "LIMITED LIABILITY COMPANY" : "CORPORATION" };
  }
  if (roll < 0.12) {
    const first = person(random);
    const second = person(random, first.last);
    const trust: Entity = { kind: "trust", name: `${first.last} FAMILY TRUST`, trustees: [first, second] };
    return { owners: [trust], vesting: "TRUST" };
  }
  const count = random.weighted([
    [1, 45],
    [2, 45],
    [3, 7],
    [4, 3],
  ] as const);
  const first = person(random);
  const owners: Owner[] = [first];
  for (let i = 1; i < count; i++) owners.push(person(random, i === 1 && random.chance(0.65) ? first.last : undefined));
  const vesting =
    count === 1 ? "SOLE OWNER" : count === 2 && random.chance(0.7) ? "JOINT TENANTS" : "TENANTS IN COMMON";
  return { owners, vesting };
}

function docNumber(random: Random, date: string): string {
  return `${date.slice(0, 4)}${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
}

const DEED_TYPES: Record<string, string> = { WA: "STATUTORY WARRANTY DEED", TX: "GENERAL WARRANTY DEED" };

/** The property's recorded sales, oldest first, priced with the market index around its value today. */
export function makeSales(
  random: Random,
  market: Market,
  state: string,
  valueToday: number,
  yearBuilt: number,
  buyers: string,
): Sale[] {
  const count = random.weighted([
    [1, 35],
    [2, 35],
    [3, 20],
    [4, 10],
  ] as const);
  const dates: string[] = [];
  let last = random.chance(0.24)
    ? random.date(addYears(AS_OF, -2), AS_OF)
    : random.date(`${Math.max(1996, yearBuilt + 1)}-01-01`, addYears(AS_OF, -2));
  dates.push(last);
  for (let i = 1; i < count; i++) {
    const earlier = random.date(addYears(last, -11), addYears(last, -3));
    if (Number(earlier.slice(0, 4)) < Math.max(1995, yearBuilt)) break;
    dates.unshift(earlier);
    last = earlier;
  }
  const newConstruction = yearBuilt >= 1995 && Number(dates[0]!.slice(0, 4)) <= yearBuilt + 1;
  return dates
    .map((date, i) => {
      const interFamily = i > 0 && random.chance(0.04);
      const fair = (valueToday * priceIndex(market.growth, date)) / priceIndex(market.growth, AS_OF);
      const price = round(fair * random.lognormal(0.045) * (interFamily ? 0.7 : 1), 500);
      return {
        date,
        price,
        docType: interFamily ? "QUIT CLAIM DEED" : (DEED_TYPES[state] ?? "WARRANTY DEED"),
        docNumber: docNumber(random, date),
        transactionType: i === 0 && newConstruction ? "NEW CONSTRUCTION" : "RESALE",
        newConstruction: i === 0 && newConstruction,
        cash: random.chance(0.18),
        interFamily,
        buyers: i === dates.length - 1 ? buyers : ownerName(person(random)),
        sellers: i === 0 ? (newConstruction ? "BUILDER" : ownerName(person(random))) : "",
      };
    })
    .map((sale, i, all) => ({ ...sale, sellers: i === 0 ? sale.sellers : all[i - 1]!.buyers }));
}

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** The balance of a fully amortizing loan after the payments made up to the as-of date. */
export function amortizedBalance(amount: number, ratePercent: number, termMonths: number, paid: number): number {
  const r = ratePercent / 100 / 12;
  if (paid >= termMonths) return 0;
  const growth = (1 + r) ** paid;
  const payment = (amount * r * (1 + r) ** termMonths) / ((1 + r) ** termMonths - 1);
  return Math.max(0, amount * growth - (payment * (growth - 1)) / r);
}

function loan(
  random: Random,
  position: Loan["position"],
  type: Loan["type"],
  amount: number,
  date: string,
  termMonths: number,
  drawn = 1,
): Loan {
  const rate =
    Math.round((mortgageRate(date) + (type === "HELOC" ? 1.5 : 0) + random.between(-0.3, 0.45)) * 1000) / 1000;
  const balance =
    type === "HELOC" ? amount * drawn : amortizedBalance(amount, rate, termMonths, monthsBetween(date, AS_OF));
  return {
    id: docNumber(random, date),
    position,
    lender: random.pick(LENDERS),
    type,
    originalAmount: amount,
    rate,
    originationDate: date,
    termMonths,
    balance: round(balance, 1),
  };
}

/** Active loans: the purchase mortgage (or its refinance), a home equity line, rarely a third lien. */
export function makeLoans(
  random: Random,
  lastSale: Sale,
  valueToday: number,
  ownerOccupied: boolean,
  market: Market,
): Loan[] {
  const loans: Loan[] = [];
  if (!lastSale.cash) {
    const type = random.weighted([
      ["CONVENTIONAL", 80],
      ["FHA", 12],
      ["VA", 8],
    ] as const);
    let amount = round(lastSale.price * random.between(0.7, type === "CONVENTIONAL" ? 0.9 : 0.965), 100);
    let date = lastSale.date;
    if (date < "2020-06-01" && random.chance(0.45)) {
      date = random.date("2020-06-01", "2021-12-31");
      amount = round(
        Math.min(
          (0.8 * valueToday * priceIndex(market.growth, date)) / priceIndex(market.growth, AS_OF),
          amount * random.between(0.8, 1.1),
        ),
        100,
      );
    }
    const first = loan(random, 1, type, amount, date, random.chance(0.85) ? 360 : 180);
    if (first.balance > 1000) loans.push(first);
  }
  if (ownerOccupied && random.chance(0.2)) {
    const date = random.date(lastSale.date > "2021-01-01" ? lastSale.date : "2021-01-01", "2026-09-30");
    const limit = round(valueToday * random.between(0.08, 0.2), 1000);
    loans.push(
      loan(random, (loans.length + 1) as Loan["position"], "HELOC", limit, date, 120, random.between(0.15, 1)),
    );
    if (random.chance(0.12)) {
      const third = loan(
        random,
        (loans.length + 1) as Loan["position"],
        "PRIVATE",
        round(valueToday * random.between(0.03, 0.07), 1000),
        random.date(date, "2026-10-15"),
        120,
      );
      loans.push(third);
    }
  }
  return loans;
}

/** Five years of assessments, lagging the market the way assessors do. */
export function makeAssessments(random: Random, market: Market, valueToday: number): Assessment[] {
  const landShare = Math.min(0.65, Math.max(0.18, 0.34 * random.lognormal(0.2)));
  return Array.from({ length: 5 }, (_, i) => {
    const year = AS_OF_YEAR - 4 + i;
    const marketValue = round(
      (valueToday * 0.93 * priceIndex(market.growth, `${year - 1}-07-01`)) / priceIndex(market.growth, AS_OF),
      100,
    );
    const landValue = round(marketValue * landShare, 100);
    const assessedValue = round(marketValue * market.assessmentRatio, 10);
    return {
      year,
      landValue,
      improvementValue: marketValue - landValue,
      marketValue,
      assessedValue,
      taxAmount: Math.round(assessedValue * market.taxRate * 100) / 100,
    };
  });
}
