import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import { getDatabase } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { audit } from "./audit";

const ORG_MAX_LTV = "org_max_ltv";

// Every dashboard and equity answer needs it: kept in the cache (shared through Redis when configured) and replaced
// there when an admin sets it, so a change applies to the next request of this instance, and of every other within
// SETTINGS_LOCAL_MS (each keeps the copy it read that long, to spare a round trip to Redis on every answer).
const CACHE_KEY = `settings:${ORG_MAX_LTV}`;
const CACHE_SECONDS = 300;
const SETTINGS_LOCAL_MS = 2_000;

/** The organization's maximum LTV: what an admin set, else ORG_MAX_LTV. */
export async function orgMaxLtv(): Promise<number> {
  const cached = await safely(() => getCache().get<number>(CACHE_KEY, { localMs: SETTINGS_LOCAL_MS }), undefined);
  if (cached && cached.freshUntil > Date.now()) return cached.value;
  const { db } = await getDatabase();
  const [row] = await db.select().from(settings).where(eq(settings.key, ORG_MAX_LTV));
  const value = row?.numberValue ?? env.ORG_MAX_LTV;
  await safely(() => getCache().set(CACHE_KEY, value, CACHE_SECONDS), undefined);
  return value;
}

export async function setOrgMaxLtv(value: number): Promise<void> {
  const { db } = await getDatabase();
  await db
    .insert(settings)
    .values({ key: ORG_MAX_LTV, numberValue: value })
    .onConflictDoUpdate({ target: settings.key, set: { numberValue: value, updatedAt: new Date() } });
  await safely(() => getCache().set(CACHE_KEY, value, CACHE_SECONDS), undefined);
  void audit({ action: "settings.change", detail: { setting: "org_max_ltv", value } });
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

/** What the homeowner's borrowing scenarios use until an admin sets the offers (README, "Borrowing scenarios"). */
export const DEFAULT_OFFERS: Offers = { heloc: { ratePercent: 8.5, termYears: 20 }, cashOut: { ratePercent: 6.75, termYears: 30 } };

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
  const cached = await safely(() => getCache().get<Offers>(OFFERS_CACHE_KEY, { localMs: SETTINGS_LOCAL_MS }), undefined);
  if (cached && cached.freshUntil > Date.now()) return cached.value;
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(OFFER_KEYS)));
  const value: Offers = { heloc: { ...DEFAULT_OFFERS.heloc }, cashOut: { ...DEFAULT_OFFERS.cashOut } };
  for (const row of rows) {
    const [kind, field] = OFFER_KEYS[row.key as keyof typeof OFFER_KEYS];
    // A real column: 6.8 comes back as 6.800000190734863 from some drivers.
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
    .onConflictDoUpdate({ target: settings.key, set: { numberValue: sql`excluded.number_value`, updatedAt: new Date() } });
  await safely(() => getCache().set(OFFERS_CACHE_KEY, value, CACHE_SECONDS), undefined);
  void audit({ action: "settings.change", detail: { setting: "offers", value: JSON.stringify(value) } });
}
