import "server-only";
import { eq } from "drizzle-orm";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import { getDatabase } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";

const ORG_MAX_LTV = "org_max_ltv";

// Every dashboard and equity answer needs it: kept in the cache (shared through Redis when configured) and replaced
// there when an admin sets it, so a change applies to the next request of every instance.
const CACHE_KEY = `settings:${ORG_MAX_LTV}`;
const CACHE_SECONDS = 300;

/** The organization's maximum LTV: what an admin set, else ORG_MAX_LTV. */
export async function orgMaxLtv(): Promise<number> {
  const cached = await safely(() => getCache().get<number>(CACHE_KEY), undefined);
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
}
