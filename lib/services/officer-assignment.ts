import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { clients, invitations, organizationProfile, users, widgetSites } from "@/lib/db/schema";

/** Where an assignment came from, for the homeowner's export and the admin's page. */
export type AssignmentSource = "assigned" | "invitation" | "portfolio" | "partner" | "default";

export interface Assignment {
  officerId: number;
  source: AssignmentSource;
}

/**
 * The loan officer a homeowner's questions go to: the one an admin (or the first resolution) saved on the account,
 * else the officer who invited them, else the officer whose portfolio lists their email (the most recently refreshed
 * row), else their partner site's officer, else the organization's default. Only staff who still exist count.
 */
export async function assignedOfficer(homeownerId: number): Promise<Assignment | null> {
  const { db } = await getDatabase();
  const [account] = await db
    .select({ officerId: users.officerId, email: users.email, partnerSiteId: users.partnerSiteId })
    .from(users)
    .where(eq(users.id, homeownerId));
  if (!account) return null;
  const staff = async (id: number | null | undefined) => {
    if (id == null) return false;
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row !== undefined && row.role !== "homeowner";
  };
  if (await staff(account.officerId)) return { officerId: account.officerId!, source: "assigned" };
  const [invited] = await db
    .select({ officerId: invitations.invitedBy })
    .from(invitations)
    .where(and(eq(invitations.acceptedBy, homeownerId), isNotNull(invitations.invitedBy)))
    .orderBy(desc(invitations.acceptedAt))
    .limit(1);
  if (await staff(invited?.officerId)) return { officerId: invited!.officerId!, source: "invitation" };
  const [listed] = await db
    .select({ officerId: clients.officerId })
    .from(clients)
    .where(sql`lower(${clients.email}) = lower(${account.email})`)
    .orderBy(sql`${clients.refreshedAt} desc nulls last`, desc(clients.id))
    .limit(1);
  if (await staff(listed?.officerId)) return { officerId: listed!.officerId, source: "portfolio" };
  if (account.partnerSiteId != null) {
    const [site] = await db.select({ officerId: widgetSites.officerId }).from(widgetSites).where(eq(widgetSites.id, account.partnerSiteId));
    if (await staff(site?.officerId)) return { officerId: site!.officerId!, source: "partner" };
  }
  const [org] = await db.select({ officerId: organizationProfile.defaultOfficerId }).from(organizationProfile).where(eq(organizationProfile.id, 1));
  if (await staff(org?.officerId)) return { officerId: org!.officerId!, source: "default" };
  return null;
}
