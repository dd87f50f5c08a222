import "server-only";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { auditEvents, users, widgetSites } from "@/lib/db/schema";
import { auditSettled } from "./log";
import { pseudonym } from "./chain";
import { AUDIT_ACTIONS, homeownerLabelOf, PRIVATE_READS, type AuditAction } from "./labels";
import type { Caller } from "@/lib/services/platform/gateway";
import { provedKeys } from "@/lib/services/homes/properties";
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

// The longest list the page shows.
const ENTRIES = 200;

/**
 * Every read of the homes the account proved (their address keys) and of their owner records, by anyone but the
 * account itself, newest first, with the reader's name and the partner site's name looked up once for the whole list.
 * `keys`: the proved homes' address keys, when the caller has them already.
 */
export async function homeAccessLog(
  caller: Caller & { user: SessionUser },
  keys?: Iterable<string>,
): Promise<AccessEntry[]> {
  const { user } = caller;
  if (!user.ownerIds.length) return [];
  const addressKeys = [...(keys ?? (await provedKeys(caller, user.ownerIds)))];
  const subject: SQL[] = [inArray(auditEvents.ownerId, user.ownerIds)];
  if (addressKeys.length) subject.push(inArray(auditEvents.addressKey, addressKeys));
  await auditSettled();
  const { db } = await getDatabase();
  const rows = await db
    .select({
      at: auditEvents.at,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
      address: auditEvents.address,
      email: auditEvents.actorEmail,
      role: auditEvents.actorRole,
      partnerSiteId: auditEvents.partnerSiteId,
    })
    .from(auditEvents)
    .where(
      and(
        sql`(${sql.join(subject, sql` or `)})`,
        inArray(auditEvents.action, [...PRIVATE_READS]),
        eq(auditEvents.outcome, "allowed"),
        // Someone else, or the person themselves through a partner's site (named by the site).
        sql`(${auditEvents.actorRef} is distinct from ${pseudonym(user.id)} or ${auditEvents.partnerSiteId} is not null)`,
        // Staff, or a partner's site: another homeowner's reads at the same address (a previous owner's) are theirs,
        // and naming that person here would tell one homeowner about another.
        sql`(${auditEvents.actorRole} <> 'homeowner' or ${auditEvents.partnerSiteId} is not null)`,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(ENTRIES);
  if (!rows.length) return [];
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])))];
  const siteIds = [...new Set(rows.flatMap((row) => (row.partnerSiteId === null ? [] : [row.partnerSiteId])))];
  const [people, sites] = await Promise.all([
    emails.length
      ? db
          .select({ email: sql<string>`lower(${users.email})`, name: users.name })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails))
      : [],
    siteIds.length
      ? db
          .select({ id: widgetSites.id, name: widgetSites.name })
          .from(widgetSites)
          .where(inArray(widgetSites.id, siteIds))
      : [],
  ]);
  const nameOf = new Map(people.map((p) => [p.email, p.name]));
  const siteOf = new Map(sites.map((s) => [s.id, s.name]));
  return rows.map((row) => {
    const site = row.partnerSiteId === null ? null : (siteOf.get(row.partnerSiteId) ?? "A partner's site");
    return {
      at: row.at.toISOString(),
      action: row.action,
      description: homeownerLabelOf(row.action, row.outcome, AUDIT_ACTIONS[row.action as AuditAction]),
      // As the rest of the page writes an address ("2800 N 24th St, Phoenix, AZ 85008"), not in the key's USPS
      // capitals.
      address: row.address && displayKey(row.address),
      by: site
        ? { email: null, name: null, role: null, partnerSite: site }
        : {
            email: row.email,
            name: row.email ? (nameOf.get(row.email.toLowerCase()) ?? null) : null,
            role: row.role,
            partnerSite: null,
          },
    };
  });
}
