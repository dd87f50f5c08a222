import "server-only";
import { userChanged } from "@/lib/auth/session-cache";
import { cache } from "react";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/roles";
import { accountOwners, clients, invitations, officerProfiles, users, widgetSites } from "@/lib/db/schema";
import { audit, type AuditActor } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { log } from "@/lib/log";
import { provedKeys } from "@/lib/services/homes/properties";
import { defaultOfficer } from "./organization";
import type { Caller } from "@/lib/services/platform/gateway";

/** Where an assignment came from, for the homeowner's export and the admin's page. */
export type AssignmentSource = "assigned" | "invitation" | "portfolio" | "partner" | "default";

export interface Assignment {
  officerId: number;
  source: AssignmentSource;
}

/**
 * The loan officer a homeowner's questions go to: the one an admin saved on the account, else the officer whose
 * invitation they accepted, else the officer whose client entry became theirs first (linkClientEntries: their email at
 * a home they proved, never their email alone), else their partner site's officer, else the organization's default.
 * Only staff who still exist count. Resolved once per render: a page that shows the officer's card and the calls to
 * action asks twice, and each asking is up to six queries.
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
    .where(eq(clients.homeownerId, homeownerId))
    // The first officer linked to them: a later link (another officer's entry, however old) never moves a client.
    .orderBy(asc(clients.homeownerLinkedAt), asc(clients.id))
    .limit(1);
  if (await staff(listed?.officerId)) return { officerId: listed!.officerId, source: "portfolio" };
  if (account.partnerSiteId != null) {
    const [site] = await db
      .select({ officerId: widgetSites.officerId })
      .from(widgetSites)
      .where(eq(widgetSites.id, account.partnerSiteId));
    if (await staff(site?.officerId)) return { officerId: site!.officerId!, source: "partner" };
  }
  const fallback = await defaultOfficer();
  return fallback && { officerId: fallback.officerId, source: "default" };
}

/**
 * Links a homeowner to the client entries that are them: an entry with their email (any case) whose address is a home
 * they proved they own. Anyone can type an email into a client list, so an email alone is no relationship; a home the
 * homeowner proved, listed by the officer who closed its loan, is. Called when a homeowner proves a home and when an
 * officer saves clients. `caller` pays for reading the homeowner's homes (cached: their own pages read them too).
 */
export async function linkClientEntries(
  caller: Caller,
  homeownerId: number,
  actor: AuditActor | SessionUser | null,
): Promise<void> {
  const { db } = await getDatabase();
  const [account] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, homeownerId));
  if (account?.role !== "homeowner") return;
  const candidates = await db
    .select({ id: clients.id, addressKey: clients.addressKey })
    .from(clients)
    .where(and(sql`lower(${clients.email}) = lower(${account.email})`, isNull(clients.homeownerId)));
  if (!candidates.length) return;
  const owners = await db
    .select({ ownerId: accountOwners.ownerId })
    .from(accountOwners)
    .where(eq(accountOwners.userId, homeownerId));
  if (!owners.length) return;
  let proved: Set<string>;
  try {
    proved = await provedKeys(
      caller,
      owners.map((o) => o.ownerId),
    );
  } catch (error) {
    // The service is away: the entry stays unlinked (what the officer or the homeowner did still stands), and the next
    // entry saved or home proved tries again.
    log.warn({ err: error, homeownerId }, "officer link: could not read the homeowner's proved homes");
    return;
  }
  const linked = candidates.filter((c) => proved.has(c.addressKey)).map((c) => c.id);
  if (!linked.length) return;
  await watchAssignments([homeownerId], actor, () =>
    db
      .update(clients)
      .set({ homeownerId, homeownerLinkedAt: new Date() })
      .where(and(inArray(clients.id, linked), isNull(clients.homeownerId))),
  );
}

/**
 * Runs `change` (to client entries, or a proof) and logs each of the homeowners whose officer it changed: an
 * `officer.link` row with who did it, from and to, the rule that now decides and, when it is a client entry, which.
 * The change of an entry that stops being someone (its email changed) is logged as much as a new link.
 */
export async function watchAssignments<T>(
  homeownerIds: readonly number[],
  actor: AuditActor | SessionUser | null,
  change: () => Promise<T>,
): Promise<T> {
  const before = new Map<number, Assignment | null>();
  for (const id of new Set(homeownerIds)) before.set(id, await resolveOfficer(id));
  const result = await change();
  const { db } = await getDatabase();
  for (const [homeownerId, was] of before) {
    const now = await resolveOfficer(homeownerId);
    if (now?.officerId === was?.officerId) continue;
    await userChanged(homeownerId);
    const [entry] =
      now?.source === "portfolio"
        ? await db
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.homeownerId, homeownerId), eq(clients.officerId, now.officerId)))
            .orderBy(asc(clients.homeownerLinkedAt), asc(clients.id))
            .limit(1)
        : [];
    void audit({
      action: "officer.link",
      actor,
      subjectUserId: homeownerId,
      detail: {
        from: was?.officerId ?? null,
        to: now?.officerId ?? null,
        source: now?.source ?? null,
        clientId: entry?.id ?? null,
      },
    });
  }
  return result;
}

/**
 * The homeowners the given client entries may be (their email is a homeowner account's and the entry is linked to
 * nobody yet): each is then checked by linkClientEntries.
 */
export async function homeownersListedIn(clientIds: readonly number[]): Promise<number[]> {
  if (!clientIds.length) return [];
  const { db } = await getDatabase();
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(clients)
    .innerJoin(users, sql`lower(${users.email}) = lower(${clients.email})`)
    .where(and(inArray(clients.id, [...clientIds]), isNull(clients.homeownerId), eq(users.role, "homeowner")));
  return rows.map((r) => r.id);
}

/** The homeowners an officer's entries for these people at these addresses are now (a save may change who they are). */
export async function homeownersOfEntries(
  officerId: number,
  entries: readonly { personKey: string; addressKey: string }[],
): Promise<number[]> {
  if (!entries.length) return [];
  const { db } = await getDatabase();
  const wanted = new Set(entries.map((e) => `${e.personKey}|${e.addressKey}`));
  const rows = await db
    .select({ homeownerId: clients.homeownerId, personKey: clients.personKey, addressKey: clients.addressKey })
    .from(clients)
    .where(
      and(
        eq(clients.officerId, officerId),
        isNotNull(clients.homeownerId),
        inArray(clients.addressKey, [...new Set(entries.map((e) => e.addressKey))]),
      ),
    );
  return rows.filter((r) => wanted.has(`${r.personKey}|${r.addressKey}`)).map((r) => r.homeownerId!);
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
