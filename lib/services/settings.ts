import "server-only";
import { eq } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { env } from "@/lib/env";

const ORG_MAX_LTV = "org_max_ltv";

/** The organization's maximum LTV: what an admin set, else ORG_MAX_LTV. */
export async function orgMaxLtv(): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(settings).where(eq(settings.key, ORG_MAX_LTV));
  return row?.numberValue ?? env.ORG_MAX_LTV;
}

export async function setOrgMaxLtv(value: number): Promise<void> {
  const { db } = await getDatabase();
  await db
    .insert(settings)
    .values({ key: ORG_MAX_LTV, numberValue: value })
    .onConflictDoUpdate({ target: settings.key, set: { numberValue: value, updatedAt: new Date() } });
}
