import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { factorsOf } from "@/lib/auth/factors";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import {
  accountOwners,
  homeownerEvents,
  invitations,
  mailDeliveries,
  outbox,
  ownerFigures,
  ownershipClaims,
  ownershipLetters,
  sessions,
  users,
  widgetSites,
} from "@/lib/db/schema";
import { log } from "@/lib/log";
import { redact } from "@/lib/mail/transport";
import { homeAccessLog } from "./access-log";
import { addressKeyOf } from "@/lib/services/homes/addresses";
import { audit } from "./log";
import { auditPage } from "./read";
import { mailPreferencesOf } from "@/lib/services/portfolio/digests";
import type { Caller } from "@/lib/services/platform/gateway";
import { officerForExport } from "@/lib/services/portfolio/officer-assignment";
import { leadsOfHomeowner } from "@/lib/services/leads/store";
import { toHomeownerLeadDto } from "@/lib/services/leads/dto";
import { ownerProperties } from "@/lib/services/homes/properties";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The homes of each owner record the account proved (their addresses come from the service, cached); null when it is
 * away.
 */
async function provedHomes(caller: Caller, ownerIds: readonly string[]) {
  const homes = new Map<string, { propertyId: number; address: string }[] | null>();
  for (const ownerId of ownerIds) {
    try {
      const { properties } = await ownerProperties(caller, ownerId, 1);
      homes.set(
        ownerId,
        properties.map((p) => ({ propertyId: p.propertyId, address: p.facts.address })),
      );
    } catch (error) {
      log.warn({ err: error }, "export: a proved home's address could not be read");
      homes.set(ownerId, null);
    }
  }
  return homes;
}

/**
 * Everything the app keeps about a homeowner, as one JSON document (the right to know): the account without its
 * secrets (no password hash, authenticator secret, session ids or code hashes), homes claimed and proved with their
 * proofs, the owner's figures, mail choices and the mail sent to them (links and codes in it blanked), sessions and
 * sign-in devices, their dashboard events, who read their homes, and their own entries in the activity log. The
 * service's owner tokens stay on the server, as everywhere else. Recorded in the activity log.
 */
export async function exportAccount(caller: Caller & { user: SessionUser }) {
  const { user } = caller;
  const { db } = await getDatabase();
  const inviter = alias(users, "inviter");
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      name: users.name,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      retentionWarnedAt: users.retentionWarnedAt,
      partnerSite: widgetSites.name,
      singleSignOn: sql<boolean>`${users.oidcSubject} is not null`,
    })
    .from(users)
    .leftJoin(widgetSites, eq(widgetSites.id, users.partnerSiteId))
    .where(eq(users.id, user.id));
  const [proofs, claims, letters, accepted, figures, deliveries, mail, sessionRows, events, factors, preferences] =
    await Promise.all([
      db.select().from(accountOwners).where(eq(accountOwners.userId, user.id)).orderBy(asc(accountOwners.verifiedAt)),
      db
        .select()
        .from(ownershipClaims)
        .where(eq(ownershipClaims.userId, user.id))
        .orderBy(asc(ownershipClaims.createdAt)),
      db
        .select()
        .from(ownershipLetters)
        .where(eq(ownershipLetters.userId, user.id))
        .orderBy(asc(ownershipLetters.createdAt)),
      db
        .select({
          address: invitations.address,
          invitedBy: inviter.email,
          sentAt: invitations.createdAt,
          acceptedAt: invitations.acceptedAt,
        })
        .from(invitations)
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(eq(invitations.acceptedBy, user.id)),
      db.select().from(ownerFigures).where(eq(ownerFigures.userId, user.id)),
      db.select().from(mailDeliveries).where(eq(mailDeliveries.userId, user.id)).orderBy(asc(mailDeliveries.sentAt)),
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "email"), sql`lower(${outbox.recipient}) = ${user.email.toLowerCase()}`))
        .orderBy(desc(outbox.id)),
      db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.createdAt)),
      db.select().from(homeownerEvents).where(eq(homeownerEvents.userId, user.id)).orderBy(desc(homeownerEvents.at)),
      factorsOf(user.id),
      mailPreferencesOf(user.id),
    ]);
  const homes = await provedHomes(
    caller,
    proofs.map((p) => p.ownerId),
  );
  const provedKeys = [...homes.values()].flatMap((list) => (list ?? []).map((home) => addressKeyOf(home.address).key));
  const activity = await auditPage({ actor: user.email }, { limit: 1_000 });
  const document = {
    exportedAt: new Date().toISOString(),
    account: {
      id: account!.id,
      email: account!.email,
      role: account!.role,
      name: account!.name,
      createdAt: account!.createdAt.toISOString(),
      lastSignInAt: account!.lastSignInAt.toISOString(),
      disposalWarningSentAt: iso(account!.retentionWarnedAt),
      partnerSite: account!.partnerSite,
      signsInWithOrganization: account!.singleSignOn,
    },
    homes: {
      proved: proofs.map((p) => ({
        proof: p.proof,
        provedAt: p.verifiedAt.toISOString(),
        homes: homes.get(p.ownerId) ?? null,
      })),
      claimed: claims.map((c) => ({
        address: c.address,
        firstName: c.firstName,
        lastName: c.lastName,
        deedMatchScore: c.matchScore,
        claimedAt: c.createdAt.toISOString(),
      })),
      letters: letters.map((l) => ({
        addressKey: l.addressKey,
        sentAt: l.createdAt.toISOString(),
        expiresAt: l.expiresAt.toISOString(),
        usedAt: iso(l.usedAt),
        triesMade: l.attempts,
      })),
      invitationsAccepted: accepted.map((i) => ({
        address: i.address,
        invitedBy: i.invitedBy,
        sentAt: i.sentAt.toISOString(),
        acceptedAt: iso(i.acceptedAt),
      })),
    },
    figures: figures.map((f) => ({
      addressKey: f.addressKey,
      condition: f.condition,
      loanFigures: f.loans,
      updatedAt: f.updatedAt.toISOString(),
    })),
    mail: {
      choices: preferences,
      recurringSent: deliveries.map((d) => ({ kind: d.kind, period: d.period, sentAt: d.sentAt.toISOString() })),
      messages: mail.map((m) => ({
        subject: m.subject,
        text: redact(m.text),
        delivery: m.delivery,
        sentAt: m.createdAt.toISOString(),
      })),
    },
    signIn: {
      sessions: sessionRows.map((s) => ({
        startedAt: s.createdAt.toISOString(),
        endsAt: s.expiresAt.toISOString(),
        secondFactorAt: iso(s.secondFactorAt),
        thisOne: s.id === user.sessionId,
      })),
      passkeys: factors.passkeys.map((p) => ({ name: p.name, addedAt: p.createdAt, lastUsedAt: p.lastUsedAt })),
      authenticatorApp: factors.totp,
      recoveryCodesLeft: factors.recoveryCodesLeft,
    },
    loanOfficer: user.role === "homeowner" ? await officerForExport(user.id) : null,
    leads: (await leadsOfHomeowner(user.id)).map(toHomeownerLeadDto),
    dashboardEvents: events.map((e) => ({ kind: e.kind, at: e.at.toISOString() })),
    accessLog: await homeAccessLog(caller, provedKeys),
    activity: activity.events.map((e) => ({
      at: e.at,
      action: e.action,
      description: e.description,
      outcome: e.outcome,
      address: e.address,
      ip: e.ip,
    })),
  };
  void audit({ action: "account.export" });
  return document;
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;
