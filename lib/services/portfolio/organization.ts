import "server-only";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
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
  defaultOfficerId: number | null;
  /** `/api/organization/logo?v=…` (the change's time is the cache key), or null without a logo. */
  logoUrl: string | null;
}

const logoUrlOf = (updatedAt: Date | null) => (updatedAt ? `/api/organization/logo?v=${updatedAt.getTime()}` : null);

/** An uploaded image re-encoded for keeping (lib/security/images.ts), its refusal a 400 naming the field. */
export async function keptImage(bytes: Uint8Array, field: string, fit: "cover" | "contain" = "cover"): Promise<Buffer> {
  try {
    return await reencodeImage(bytes, field, fit);
  } catch (error) {
    if (error instanceof ImageRefused) throw new AppError(400, error.code, error.message, { [error.field]: error.reason });
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
      defaultOfficerId: organizationProfile.defaultOfficerId,
      logoUpdatedAt: organizationProfile.logoUpdatedAt,
    })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, 1));
  return {
    companyName: row?.companyName ?? null,
    nmlsId: row?.nmlsId ?? null,
    equalHousingStatement: row?.equalHousingStatement ?? DEFAULT_EQUAL_HOUSING_STATEMENT,
    defaultOfficerId: row?.defaultOfficerId ?? null,
    logoUrl: logoUrlOf(row?.logoUpdatedAt ?? null),
  };
}

async function assertStaff(userId: number | null) {
  if (userId === null) return;
  const { db } = await getDatabase();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!row || row.role === "homeowner")
    throw new AppError(400, "invalid_request", "defaultOfficerId: is not a loan officer or an admin", {
      defaultOfficerId: "is not a loan officer or an admin",
    });
}

/** An admin's change of the organization's name, NMLS ID, Equal Housing statement and default officer (audited). */
export async function saveOrganization(admin: SessionUser, input: OrganizationInput): Promise<OrganizationDto> {
  await assertStaff(input.defaultOfficerId);
  const { db } = await getDatabase();
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(organizationProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organizationProfile.id, set: values });
  void audit({
    action: "organization.change",
    actor: admin,
    detail: { companyName: input.companyName, nmlsId: input.nmlsId, defaultOfficerId: input.defaultOfficerId },
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
