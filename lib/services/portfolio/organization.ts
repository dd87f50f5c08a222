import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getCache } from "@/lib/cache";
import { safely } from "@/lib/cache/single-flight";
import { getDatabase } from "@/lib/db";
import { organizationProfile, users } from "@/lib/db/schema";
import { ImageRefused, reencodeImage } from "@/lib/security/images";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { DEFAULT_EQUAL_HOUSING_STATEMENT, type OrganizationInput } from "./officer-fields";

export interface OrganizationDto {
  companyName: string | null;
  nmlsId: string | null;
  /** The words every card carries; the standard statement until an admin writes their own. */
  equalHousingStatement: string;
  /** The lender's own phone (E.164) and email, for a homeowner who has no officer. */
  phone: string | null;
  email: string | null;
  /** The default officer an admin chose, or null while none is chosen. */
  defaultOfficerId: number | null;
  /** `/api/organization/logo?v=…` (the change's time is the cache key), or null without a logo. */
  logoUrl: string | null;
}

// The lender's name is on every view of the widget (its consent names it) and on the homeowner's calls to action: kept
// in the cache (shared through Redis when configured) and replaced there when an admin saves the organization, so a
// change applies to this instance at once and to every other within COMPANY_LOCAL_MS (as the settings do). Read from
// the database on every view, it was a fifth of the widget's work under load.
const COMPANY_KEY = "org:company-name";
const COMPANY_SECONDS = 300;
const COMPANY_LOCAL_MS = 2_000;

/** The organization's company name, or null while none is set. */
export async function companyName(): Promise<string | null> {
  const cached = await safely(
    () => getCache().get<{ name: string | null }>(COMPANY_KEY, { localMs: COMPANY_LOCAL_MS }),
    undefined,
  );
  if (cached && cached.freshUntil > Date.now()) return cached.value.name;
  const { db } = await getDatabase();
  const [row] = await db
    .select({ name: organizationProfile.companyName })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, 1));
  const name = row?.name?.trim() || null;
  await safely(() => getCache().set(COMPANY_KEY, { name }, COMPANY_SECONDS), undefined);
  return name;
}

const logoUrlOf = (updatedAt: Date | null) => (updatedAt ? `/api/organization/logo?v=${updatedAt.getTime()}` : null);

/** An uploaded image re-encoded for keeping (lib/security/images.ts), its refusal a 400 naming the field. */
export async function keptImage(bytes: Uint8Array, field: string, fit: "cover" | "contain" = "cover"): Promise<Buffer> {
  try {
    return await reencodeImage(bytes, field, fit);
  } catch (error) {
    if (error instanceof ImageRefused)
      throw new AppError({ code: error.code, message: error.message, fields: { [error.field]: error.reason } });
    throw error;
  }
}

/** The lender's own details that every officer's card carries (one row; defaults before an admin saves it). */
export async function organization(): Promise<OrganizationDto> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      companyName: organizationProfile.companyName,
      nmlsId: organizationProfile.nmlsId,
      equalHousingStatement: organizationProfile.equalHousingStatement,
      phone: organizationProfile.phone,
      email: organizationProfile.email,
      defaultOfficerId: organizationProfile.defaultOfficerId,
      logoUpdatedAt: organizationProfile.logoUpdatedAt,
    })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, 1));
  return {
    companyName: row?.companyName ?? null,
    nmlsId: row?.nmlsId ?? null,
    equalHousingStatement: row?.equalHousingStatement ?? DEFAULT_EQUAL_HOUSING_STATEMENT,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    defaultOfficerId: row?.defaultOfficerId ?? null,
    logoUrl: logoUrlOf(row?.logoUpdatedAt ?? null),
  };
}

/**
 * The officer of homeowners and site visitors no one else claims: the one an admin chose (while they are still
 * staff), else the first loan officer there is, so that a fresh install connects a homeowner to the lender before
 * anyone has opened /admin (`chosen` false: /admin asks for a choice); null while there is no loan officer at all.
 */
export async function defaultOfficer(): Promise<{ officerId: number; chosen: boolean } | null> {
  const { db } = await getDatabase();
  const [chosen] = await db
    .select({ officerId: organizationProfile.defaultOfficerId, role: users.role })
    .from(organizationProfile)
    .innerJoin(users, eq(users.id, organizationProfile.defaultOfficerId))
    .where(eq(organizationProfile.id, 1));
  if (chosen?.officerId != null && chosen.role !== "homeowner") return { officerId: chosen.officerId, chosen: true };
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "loan_officer"))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first ? { officerId: first.id, chosen: false } : null;
}

async function assertStaff(userId: number | null) {
  if (userId === null) return;
  const { db } = await getDatabase();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!row || row.role === "homeowner")
    throw new AppError({
      code: "invalid_request",
      message: "defaultOfficerId: is not a loan officer or an admin",
      fields: {
        defaultOfficerId: "is not a loan officer or an admin",
      },
    });
}

const LOGGED_FIELDS = ["companyName", "nmlsId", "phone", "email", "defaultOfficerId"] as const;

/** An admin's change of the organization's name, NMLS ID, Equal Housing statement and default officer (audited). */
export async function saveOrganization(admin: SessionUser, input: OrganizationInput): Promise<OrganizationDto> {
  await assertStaff(input.defaultOfficerId);
  const before = await organization();
  const { db } = await getDatabase();
  const now = new Date();
  // Choosing "none" hands the choice back to the rule (the first loan officer) and /admin asks again.
  const values = { ...input, defaultOfficerChosenAt: input.defaultOfficerId === null ? null : now, updatedAt: now };
  await db
    .insert(organizationProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organizationProfile.id, set: values });
  await safely(
    () => getCache().set(COMPANY_KEY, { name: input.companyName?.trim() || null }, COMPANY_SECONDS),
    undefined,
  );
  // Every field as saved, and what each that changed replaced (`…From`): the lender's contact decides where a
  // homeowner without an officer calls and writes, the default officer where leads go.
  const changed: Record<string, string | number | null> = {};
  for (const field of LOGGED_FIELDS)
    if (before[field] !== input[field]) changed[`${field}From`] = before[field] ?? null;
  void audit({
    action: "organization.change",
    actor: admin,
    detail: {
      companyName: input.companyName,
      nmlsId: input.nmlsId,
      phone: input.phone,
      email: input.email,
      defaultOfficerId: input.defaultOfficerId,
      ...changed,
    },
  });
  return organization();
}

/** The organization's logo, re-encoded (400 naming `logo` for anything but a JPEG, PNG or WebP image within 5 MB). */
export async function saveOrganizationLogo(admin: SessionUser, bytes: Uint8Array): Promise<OrganizationDto> {
  const logo = await keptImage(bytes, "logo", "contain");
  const { db } = await getDatabase();
  const values = { logo, logoUpdatedAt: new Date(), updatedAt: sql`now()` };
  await db
    .insert(organizationProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organizationProfile.id, set: values });
  void audit({ action: "organization.change", actor: admin, detail: { logo: true } });
  return organization();
}

/** The logo's bytes (public: it is on every card and in every digest), or null. */
export async function organizationLogo(): Promise<{ bytes: Buffer; updatedAt: Date } | null> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ logo: organizationProfile.logo, at: organizationProfile.logoUpdatedAt })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, 1));
  return row?.logo && row.at ? { bytes: row.logo, updatedAt: row.at } : null;
}
