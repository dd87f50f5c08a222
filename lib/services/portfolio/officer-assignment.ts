import "server-only";
import { userChanged } from "@/lib/auth/session-cache";
import { cache } from "react";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/roles";
import { clients, invitations, officerProfiles, organizationProfile, users, widgetSites } from "@/lib/db/schema";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";

/** Where an assignment came from, for the homeowner's export and the admin's page. */
export type AssignmentSource = "assigned" | "invitation" | "portfolio" | "partner" | "default";

export interface Assignment {
  officerId: number;
  source: AssignmentSource;
}

/**
 * The loan officer a homeowner's questions go to: the one an admin (or the first resolution) saved on the account,
 * else the officer who invited them, else the officer whose portfolio listed their email first, else their partner
 * site's officer, else the organization's default. Only staff who still exist count. Resolved once per render: a page
 * that shows the officer's card and the calls to action asks twice, and each asking is up to six queries.
 */
export const assignedOfficer = cache(resolveOfficer);

/** assignedOfficer's work, unshared: for a read right after the assignment changed. */
async function resolveOfficer(homeownerId: number): Promise<Assignment | null> {
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
    // The first officer who listed them: a later row (another officer's, refreshed or not) never moves a client.
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(1);
  if (await staff(listed?.officerId)) return { officerId: listed!.officerId, source: "portfolio" };
  if (account.partnerSiteId != null) {
    const [site] = await db
      .select({ officerId: widgetSites.officerId })
      .from(widgetSites)
      .where(eq(widgetSites.id, account.partnerSiteId));
    if (await staff(site?.officerId)) return { officerId: site!.officerId!, source: "partner" };
  }
  const [org] = await db
    .select({ officerId: organizationProfile.defaultOfficerId })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, 1));
  if (await staff(org?.officerId)) return { officerId: org!.officerId!, source: "default" };
  return null;
}

/** 400 naming `field` unless the account exists and is a loan officer or an admin. */
async function assertOfficer(officerId: number, field: string): Promise<void> {
  const { db } = await getDatabase();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, officerId));
  if (!row || row.role === "homeowner")
    throw new AppError({
      code: "invalid_request",
      message: `${field}: is not a loan officer or an admin`,
      fields: {
        [field]: "is not a loan officer or an admin",
      },
    });
}

/**
 * An admin's choice of a homeowner's officer, saved on the account (it outranks every other source); null gives the
 * choice back to the rules (invitation, portfolio, site, default). Audited with who it was and who it is now.
 */
export async function reassignOfficer(
  admin: SessionUser,
  homeownerId: number,
  officerId: number | null,
): Promise<Assignment | null> {
  const { db } = await getDatabase();
  const [account] = await db
    .select({ role: users.role, officerId: users.officerId })
    .from(users)
    .where(eq(users.id, homeownerId));
  if (!account || account.role !== "homeowner")
    throw new AppError({ code: "not_found", message: "There is no homeowner with this id." });
  if (officerId !== null) await assertOfficer(officerId, "officerId");
  await db.update(users).set({ officerId }).where(eq(users.id, homeownerId));
  // Their pages show the officer's card (kept with their snapshots): read again at once.
  await userChanged(homeownerId);
  void audit({
    action: "officer.assign",
    actor: admin,
    subjectUserId: homeownerId,
    detail: { from: account.officerId, to: officerId },
  });
  return resolveOfficer(homeownerId);
}

/** The admin page's form: the homeowner named by their email (400 naming `email` when no homeowner has it). */
export async function reassignOfficerByEmail(
  admin: SessionUser,
  email: string,
  officerId: number | null,
): Promise<Assignment | null> {
  const { db } = await getDatabase();
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.role, "homeowner")));
  if (!account)
    throw new AppError({
      code: "invalid_request",
      message: "email: no homeowner has this email",
      fields: {
        email: "no homeowner has this email",
      },
    });
  return reassignOfficer(admin, account.id, officerId);
}

/** An admin's choice of the officer a widget site's visitors and members are sent to (null: none). Audited. */
export async function setSiteOfficer(admin: SessionUser, siteId: number, officerId: number | null): Promise<void> {
  if (officerId !== null) await assertOfficer(officerId, "officerId");
  const { db } = await getDatabase();
  const changed = await db
    .update(widgetSites)
    .set({ officerId })
    .where(eq(widgetSites.id, siteId))
    .returning({ id: widgetSites.id });
  if (!changed.length) throw new AppError({ code: "not_found", message: "There is no widget site with this id." });
  void audit({ action: "site.officer", actor: admin, detail: { siteId, officerId } });
}

/** The homeowner's officer as their data export tells it: name, NMLS ID and where the assignment came from. */
export async function officerForExport(
  homeownerId: number,
): Promise<{ name: string; email: string; nmlsId: string | null; source: AssignmentSource } | null> {
  const assignment = await assignedOfficer(homeownerId);
  if (!assignment) return null;
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      displayName: officerProfiles.displayName,
      nmlsId: officerProfiles.nmlsId,
    })
    .from(users)
    .leftJoin(officerProfiles, eq(officerProfiles.userId, users.id))
    .where(eq(users.id, assignment.officerId));
  if (!row) return null;
  return {
    name: row.displayName ?? row.name ?? row.email,
    email: row.email,
    nmlsId: row.nmlsId,
    source: assignment.source,
  };
}
