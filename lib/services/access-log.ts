import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { users, widgetSites } from "@/lib/db/schema";
import { accessLogOf } from "./audit";
import type { Caller } from "./gateway";
import { provedKeys } from "./ownership";
import { displayKey } from "@/lib/address/format";

/** One read of the homeowner's private data by someone else, as "Who looked at my home's records" shows it. */
export interface AccessEntry {
  at: string;
  action: string;
  /** What they looked at, in words. */
  description: string;
  address: string | null;
  /**
   * Who: the officer's or admin's email, name (when the account has one) and role; for a read through a partner's site,
   * the site's name instead of the person (the partner's member may be the homeowner themselves). An email is null when
   * that account has since been deleted.
   */
  by: { email: string | null; name: string | null; role: string | null; partnerSite: string | null };
}

/**
 * Every read of the homes the account proved, by anyone but the account itself, newest first, with the reader's name
 * and the partner site's name looked up once for the whole list. `keys`: the proved homes' address keys, when the
 * caller has them already.
 */
export async function homeAccessLog(caller: Caller & { user: SessionUser }, keys?: Iterable<string>): Promise<AccessEntry[]> {
  const { user } = caller;
  if (!user.ownerIds.length) return [];
  const entries = await accessLogOf(user, [...(keys ?? (await provedKeys(caller, user.ownerIds)))]);
  if (!entries.length) return [];
  const { db } = await getDatabase();
  const emails = [...new Set(entries.flatMap((e) => (e.by.email ? [e.by.email.toLowerCase()] : [])))];
  const siteIds = [...new Set(entries.flatMap((e) => (e.by.partnerSiteId === null ? [] : [e.by.partnerSiteId])))];
  const [people, sites] = await Promise.all([
    emails.length
      ? db
          .select({ email: sql<string>`lower(${users.email})`, name: users.name })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails))
      : [],
    siteIds.length ? db.select({ id: widgetSites.id, name: widgetSites.name }).from(widgetSites).where(inArray(widgetSites.id, siteIds)) : [],
  ]);
  const nameOf = new Map(people.map((p) => [p.email, p.name]));
  const siteOf = new Map(sites.map((s) => [s.id, s.name]));
  return entries.map((entry) => {
    const site = entry.by.partnerSiteId === null ? null : (siteOf.get(entry.by.partnerSiteId) ?? "A partner's site");
    return {
      at: entry.at,
      action: entry.action,
      description: entry.description,
      // As the rest of the page writes an address ("2800 N 24th St, Phoenix, AZ 85008"), not in the key's USPS capitals.
      address: entry.address && displayKey(entry.address),
      by: site
        ? { email: null, name: null, role: null, partnerSite: site }
        : {
            email: entry.by.email,
            name: entry.by.email ? (nameOf.get(entry.by.email.toLowerCase()) ?? null) : null,
            role: entry.by.role,
            partnerSite: null,
          },
    };
  });
}
