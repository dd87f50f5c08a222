import "server-only";
import { inArray, sql } from "drizzle-orm";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import { getDatabase } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { audit } from "@/lib/services/audit/log";

/** What admins set in /admin (docs/operations.md, "Configuration"): each the environment's value until one sets it. */
export interface OrgSettings {
  /** The maximum combined loan-to-value, 0–1 (ORG_MAX_LTV). */
  orgMaxLtv: number;
  /** The current note rate in percent, for rate-and-term refinances (ORG_CURRENT_RATE). */
  orgCurrentRate: number;
  /** The least available equity, in dollars, for a home equity line (OPPORTUNITY_HELOC_MIN). */
  opportunityHelocMin: number;
  /** The least available equity, in dollars, for a cash-out refinance (OPPORTUNITY_CASH_OUT_MIN). */
  opportunityCashOutMin: number;
  /** A refinance worth its costs (docs/portfolio.md): the least fall of the rate, in points (REFINANCE_RATE_MARGIN). */
  refinanceRateMargin: number;
  /** The months within which the saving must repay the closing costs (REFINANCE_BREAK_EVEN_MONTHS). */
  refinanceBreakEvenMonths: number;
  /** Closing costs: a percent of the new loan (CLOSING_COST_PERCENT) plus dollars (CLOSING_COST_FIXED). */
  closingCostPercent: number;
  closingCostFixed: number;
  /** The least balance in dollars, and months left, worth a refinance (REFINANCE_MIN_BALANCE, REFINANCE_MIN_MONTHS). */
  refinanceMinBalance: number;
  refinanceMinMonths: number;
}
type Name = keyof OrgSettings;

// Each a row of its own; the digits undo a real column's noise (6.8 comes back as 6.800000190734863 from some drivers).
const KEYS: Record<Name, { key: string; digits: number }> = {
  orgMaxLtv: { key: "org_max_ltv", digits: 6 },
  orgCurrentRate: { key: "org_current_rate", digits: 3 },
  opportunityHelocMin: { key: "opportunity_heloc_min", digits: 0 },
  opportunityCashOutMin: { key: "opportunity_cash_out_min", digits: 0 },
  refinanceRateMargin: { key: "refinance_rate_margin", digits: 3 },
  refinanceBreakEvenMonths: { key: "refinance_break_even_months", digits: 0 },
  closingCostPercent: { key: "closing_cost_percent", digits: 3 },
  closingCostFixed: { key: "closing_cost_fixed", digits: 0 },
  refinanceMinBalance: { key: "refinance_min_balance", digits: 0 },
  refinanceMinMonths: { key: "refinance_min_months", digits: 0 },
};
const NAMES = Object.keys(KEYS) as Name[];
const ROW_KEYS = NAMES.map((name) => KEYS[name].key);

// Every dashboard and equity answer, and every refresh, needs them: kept in the cache as one value (shared through
// Redis when configured) and replaced there when an admin sets one, so a change applies to the next request of this
// instance, and of every other within SETTINGS_LOCAL_MS (each keeps the copy it read that long, to spare a round trip
// to Redis on every answer).
const CACHE_KEY = "settings:org";
const CACHE_SECONDS = 300;
const SETTINGS_LOCAL_MS = 2_000;

async function stored(): Promise<OrgSettings> {
  const { db } = await getDatabase();
  const rows = await db.select().from(settings).where(inArray(settings.key, ROW_KEYS));
  const value: OrgSettings = {
    orgMaxLtv: env.ORG_MAX_LTV,
    orgCurrentRate: env.ORG_CURRENT_RATE,
    opportunityHelocMin: env.OPPORTUNITY_HELOC_MIN,
    opportunityCashOutMin: env.OPPORTUNITY_CASH_OUT_MIN,
    refinanceRateMargin: env.REFINANCE_RATE_MARGIN,
    refinanceBreakEvenMonths: env.REFINANCE_BREAK_EVEN_MONTHS,
    closingCostPercent: env.CLOSING_COST_PERCENT,
    closingCostFixed: env.CLOSING_COST_FIXED,
    refinanceMinBalance: env.REFINANCE_MIN_BALANCE,
    refinanceMinMonths: env.REFINANCE_MIN_MONTHS,
  };
  for (const row of rows) {
    const name = NAMES.find((n) => KEYS[n].key === row.key)!;
    const scale = 10 ** KEYS[name].digits;
    if (row.numberValue !== null) value[name] = Math.round(row.numberValue * scale) / scale;
  }
  return value;
}

/** The organization's settings: what an admin set, else the environment's. */
export async function orgSettings(): Promise<OrgSettings> {
  const cached = await safely(() => getCache().get<OrgSettings>(CACHE_KEY, { localMs: SETTINGS_LOCAL_MS }), undefined);
  if (cached && cached.freshUntil > Date.now()) return cached.value;
  const value = await stored();
  await safely(() => getCache().set(CACHE_KEY, value, CACHE_SECONDS), undefined);
  return value;
}

/** The organization's maximum LTV: what an admin set, else ORG_MAX_LTV. */
export async function orgMaxLtv(): Promise<number> {
  return (await orgSettings()).orgMaxLtv;
}

/** Sets the settings `change` gives, in one statement; each that changed is logged with the value it replaced. */
export async function setOrgSettings(change: Partial<OrgSettings>): Promise<OrgSettings> {
  const given = NAMES.flatMap((name) => (change[name] === undefined ? [] : [{ name, value: change[name] }]));
  const before = await stored();
  const { db } = await getDatabase();
  await db
    .insert(settings)
    .values(given.map(({ name, value }) => ({ key: KEYS[name].key, numberValue: value })))
    .onConflictDoUpdate({
      target: settings.key,
      set: { numberValue: sql`excluded.number_value`, updatedAt: new Date() },
    });
  // Read back, not merged into `before`: an admin saving another setting meanwhile keeps theirs in the cache too.
  const value = await stored();
  await safely(() => getCache().set(CACHE_KEY, value, CACHE_SECONDS), undefined);
  for (const { name, value: to } of given)
    if (to !== before[name])
      void audit({ action: "settings.change", detail: { setting: KEYS[name].key, from: before[name], value: to } });
  return value;
}

/** The rate and term the organization offers for a kind of loan: a yearly rate in percent, a term in whole years. */
export interface Offer {
  ratePercent: number;
  termYears: number;
}
export interface Offers {
  /** A home equity line of credit. */
  heloc: Offer;
  /** A cash-out refinance. */
  cashOut: Offer;
}

/**
 * What the homeowner's borrowing scenarios use until an admin sets the offers (docs/pages.md, "Borrowing scenarios").
 */
export const DEFAULT_OFFERS: Offers = {
  heloc: { ratePercent: 8.5, termYears: 20 },
  cashOut: { ratePercent: 6.75, termYears: 30 },
};

// Stored beside the maximum LTV, one number a row.
const OFFER_KEYS = {
  heloc_rate_percent: ["heloc", "ratePercent"],
  heloc_term_years: ["heloc", "termYears"],
  cash_out_rate_percent: ["cashOut", "ratePercent"],
  cash_out_term_years: ["cashOut", "termYears"],
} as const;
const OFFERS_CACHE_KEY = "settings:offers";

/** The offers an admin set, each missing one at its default. */
export async function offers(): Promise<Offers> {
  const cached = await safely(
    () => getCache().get<Offers>(OFFERS_CACHE_KEY, { localMs: SETTINGS_LOCAL_MS }),
    undefined,
  );
  if (cached && cached.freshUntil > Date.now()) return cached.value;
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(OFFER_KEYS)));
  const value: Offers = { heloc: { ...DEFAULT_OFFERS.heloc }, cashOut: { ...DEFAULT_OFFERS.cashOut } };
  for (const row of rows) {
    const [kind, field] = OFFER_KEYS[row.key as keyof typeof OFFER_KEYS];
    // A real column, as above.
    if (row.numberValue !== null) value[kind][field] = Math.round(row.numberValue * 1000) / 1000;
  }
  await safely(() => getCache().set(OFFERS_CACHE_KEY, value, CACHE_SECONDS), undefined);
  return value;
}

export async function setOffers(value: Offers): Promise<void> {
  const { db } = await getDatabase();
  const rows = Object.entries(OFFER_KEYS).map(([key, [kind, field]]) => ({ key, numberValue: value[kind][field] }));
  // One statement: the four numbers change together.
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: { numberValue: sql`excluded.number_value`, updatedAt: new Date() },
    });
  await safely(() => getCache().set(OFFERS_CACHE_KEY, value, CACHE_SECONDS), undefined);
  void audit({ action: "settings.change", detail: { setting: "offers", value: JSON.stringify(value) } });
}
