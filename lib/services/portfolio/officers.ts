import "server-only";
import { rememberedOfUser } from "@/lib/auth/session-cache";
import { and, eq, ne } from "drizzle-orm";
import { phoneDisplay } from "@/lib/format/phone";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { officerProfiles, users, widgetSites } from "@/lib/db/schema";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { nmlsLink, type OfficerCardDto, type OfficerProfileInput } from "./officer-fields";

export type { OfficerCardDto };
import { assignedOfficer } from "./officer-assignment";
import { keptImage, organization } from "./organization";

export interface OfficerProfileDto {
  displayName: string | null;
  title: string | null;
  phone: string | null;
  email: string | null;
  bookingUrl: string | null;
  nmlsId: string | null;
  photoUrl: string | null;
  /** The card shows only once the NMLS ID is set. */
  complete: boolean;
}

const photoUrlOf = (userId: number, updatedAt: Date | null) =>
  updatedAt ? `/api/officers/${userId}/photo?v=${updatedAt.getTime()}` : null;

async function profileRow(userId: number) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      role: users.role,
      accountName: users.name,
      accountEmail: users.email,
      displayName: officerProfiles.displayName,
      title: officerProfiles.title,
      phone: officerProfiles.phone,
      email: officerProfiles.email,
      bookingUrl: officerProfiles.bookingUrl,
      nmlsId: officerProfiles.nmlsId,
      photoUpdatedAt: officerProfiles.photoUpdatedAt,
    })
    .from(users)
    .leftJoin(officerProfiles, eq(officerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** A staff member's own card as they edit it on /account. */
export async function officerProfile(userId: number): Promise<OfficerProfileDto> {
  const row = await profileRow(userId);
  return {
    displayName: row?.displayName ?? null,
    title: row?.title ?? null,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    bookingUrl: row?.bookingUrl ?? null,
    nmlsId: row?.nmlsId ?? null,
    photoUrl: photoUrlOf(userId, row?.photoUpdatedAt ?? null),
    complete: !!row?.nmlsId,
  };
}

/**
 * An officer's save of their card (validated by OfficerProfileInput: E.164 phone, https booking link, digits for NMLS).
 */
export async function saveOfficerProfile(user: SessionUser, input: OfficerProfileInput): Promise<OfficerProfileDto> {
  const { db } = await getDatabase();
  // An NMLS ID names one person: another officer of the lender cannot wear it (and look like them on a card).
  if (input.nmlsId) {
    const [taken] = await db
      .select({ userId: officerProfiles.userId })
      .from(officerProfiles)
      .where(and(eq(officerProfiles.nmlsId, input.nmlsId), ne(officerProfiles.userId, user.id)))
      .limit(1);
    if (taken) {
      void audit({
        action: "officer.profile",
        actor: user,
        outcome: "refused",
        detail: { nmlsId: input.nmlsId, reason: "nmls_taken" },
      });
      throw new AppError({
        code: "invalid_request",
        message: "nmlsId: belongs to another officer of this lender",
        fields: {
          nmlsId: "belongs to another officer of this lender",
        },
      });
    }
  }
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(officerProfiles)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: officerProfiles.userId, set: values });
  void audit({ action: "officer.profile", actor: user, detail: { nmlsId: input.nmlsId } });
  return officerProfile(user.id);
}

/** A new photo for the officer's card: re-encoded to a 256 px WebP without metadata (400 naming `photo` otherwise). */
export async function saveOfficerPhoto(user: SessionUser, bytes: Uint8Array): Promise<OfficerProfileDto> {
  const photo = await keptImage(bytes, "photo");
  await storeOfficerPhoto(user.id, photo);
  void audit({ action: "officer.profile", actor: user, detail: { photo: true } });
  return officerProfile(user.id);
}

/** Keeps an already re-encoded photo (the upload above, the demo officer's generated one). */
export async function storeOfficerPhoto(userId: number, photo: Buffer): Promise<void> {
  const { db } = await getDatabase();
  const values = { photo, photoUpdatedAt: new Date(), updatedAt: new Date() };
  await db
    .insert(officerProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: officerProfiles.userId, set: values });
}

/**
 * An officer's photo, for anyone: it is on a card that goes out in email and on partners' pages, where no session
 * comes with the image. Only a staff member's photo whose card is shown (NMLS ID set) is served, except to staff (an
 * officer sees their own before their card is complete); null otherwise.
 */
export async function officerPhoto(
  userId: number,
  readerIsStaff = false,
): Promise<{ bytes: Buffer; updatedAt: Date; public: boolean } | null> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      photo: officerProfiles.photo,
      at: officerProfiles.photoUpdatedAt,
      nmlsId: officerProfiles.nmlsId,
      role: users.role,
    })
    .from(officerProfiles)
    .innerJoin(users, eq(users.id, officerProfiles.userId))
    .where(eq(officerProfiles.userId, userId));
  if (!row?.photo || !row.at || (!row.nmlsId && !readerIsStaff) || row.role === "homeowner") return null;
  return { bytes: row.photo, updatedAt: row.at, public: !!row.nmlsId };
}

/** The card of an officer, or null unless they are staff with an NMLS ID (a card without it may not be shown). */
export async function officerCard(officerId: number): Promise<OfficerCardDto | null> {
  const row = await profileRow(officerId);
  if (!row || row.role === "homeowner" || !row.nmlsId) return null;
  const org = await organization();
  return {
    officerId,
    name: row.displayName ?? row.accountName ?? row.accountEmail,
    title: row.title,
    phone: row.phone,
    phoneDisplay: phoneDisplay(row.phone)?.text ?? null,
    email: row.email ?? row.accountEmail,
    bookingUrl: row.bookingUrl,
    nmlsId: row.nmlsId,
    nmlsUrl: nmlsLink("INDIVIDUAL", row.nmlsId),
    photoUrl: photoUrlOf(officerId, row.photoUpdatedAt),
    company: {
      name: org.companyName,
      nmlsId: org.nmlsId,
      nmlsUrl: org.nmlsId ? nmlsLink("COMPANY", org.nmlsId) : null,
      logoUrl: org.logoUrl,
    },
    equalHousingStatement: org.equalHousingStatement,
  };
}

/**
 * The card of a homeowner's assigned officer, or null (no officer, or no NMLS ID yet: then no card and no call to
 * action).
 */
export function homeownerCard(homeownerId: number): Promise<OfficerCardDto | null> {
  // On every view of their pages (six queries): kept with the homeowner's snapshots (session-cache.ts), read again when
  // their assignment changes (which calls userChanged) and within a minute of a change to the officer's or the
  // organization's details.
  return rememberedOfUser(homeownerId, "officer-card", async () => {
    const assignment = await assignedOfficer(homeownerId);
    return assignment ? officerCard(assignment.officerId) : null;
  });
}

/** The card of a widget site's officer (the widget's and the embedded dashboard's visitors without an account). */
export async function siteCard(siteId: number): Promise<OfficerCardDto | null> {
  const { db } = await getDatabase();
  const [site] = await db
    .select({ officerId: widgetSites.officerId })
    .from(widgetSites)
    .where(eq(widgetSites.id, siteId));
  return site?.officerId ? officerCard(site.officerId) : null;
}
