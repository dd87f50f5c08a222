import "server-only";
import { eq } from "drizzle-orm";
import { userChanged } from "@/lib/auth/session-cache";
import { getDatabase } from "@/lib/db";
import { users } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";

/** Saves the language an account chose: its pages read it from the session, its mail from this column. */
export async function saveLocale(userId: number, locale: Locale): Promise<void> {
  const { db } = await getDatabase();
  await db.update(users).set({ locale }).where(eq(users.id, userId));
  await userChanged(userId);
}

/** The language an account's mail goes out in: its choice, else English. */
export async function localeOfUser(userId: number): Promise<Locale> {
  const { db } = await getDatabase();
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? "en";
}
