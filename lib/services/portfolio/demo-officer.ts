import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { getDatabase } from "@/lib/db";
import { officerProfiles, organizationProfile, users, widgetSites } from "@/lib/db/schema";
import { IMAGE_SIDE } from "@/lib/security/images";
import { storeOfficerPhoto } from "./officers";
import { DEMO_SITE } from "@/lib/services/partners/sites";

/** The demo officer's card (embedded mode): every field filled, so the demo shows all of it. */
export const DEMO_OFFICER_CARD = {
  displayName: "Olivia Officer",
  title: "Senior Loan Officer",
  phone: "+12065550123",
  email: "officer@example.com",
  bookingUrl: "https://cal.example.com/olivia-officer",
  nmlsId: "1234567",
};
export const DEMO_COMPANY = { companyName: "Example Home Lending", nmlsId: "7654321" };

/**
 * A drawn portrait (a head and shoulders on a green ground): the demo needs a face without shipping someone's photo.
 */
const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIDE}" height="${IMAGE_SIDE}" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#16794c"/><stop offset="1" stop-color="#0f5132"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <path d="M40 256c6-52 44-80 88-80s82 28 88 80z" fill="#e2e8f0"/>
  <path d="M96 176l32 40 32-40" fill="#0f172a"/>
  <circle cx="128" cy="108" r="46" fill="#f1c7a4"/>
  <path d="M80 104c0-34 22-56 48-56s50 20 48 58c-10-20-30-30-48-30s-36 10-48 28z" fill="#3f2a1d"/>
</svg>`;

/**
 * Embedded mode only: the demo officer gets a complete card with a generated photo, becomes the demo homeowner's and
 * the demo site's officer, and the organization gets a demo name and NMLS ID. What someone changed is left alone.
 */
export async function ensureDemoOfficer(officerId: number, homeownerId: number): Promise<void> {
  const { db } = await getDatabase();
  const [profile] = await db
    .select({ nmlsId: officerProfiles.nmlsId, photoAt: officerProfiles.photoUpdatedAt })
    .from(officerProfiles)
    .where(eq(officerProfiles.userId, officerId));
  if (!profile?.nmlsId) {
    await db
      .insert(officerProfiles)
      .values({ userId: officerId, ...DEMO_OFFICER_CARD })
      .onConflictDoUpdate({ target: officerProfiles.userId, set: { ...DEMO_OFFICER_CARD, updatedAt: new Date() } });
  }
  if (!profile?.photoAt)
    await storeOfficerPhoto(officerId, await sharp(Buffer.from(AVATAR_SVG)).webp({ quality: 82 }).toBuffer());
  await db
    .update(users)
    .set({ officerId })
    .where(and(eq(users.id, homeownerId), isNull(users.officerId)));
  await db
    .update(widgetSites)
    .set({ officerId })
    .where(and(eq(widgetSites.siteKey, DEMO_SITE.siteKey), isNull(widgetSites.officerId)));
  await db
    .insert(organizationProfile)
    .values({ id: 1, ...DEMO_COMPANY })
    .onConflictDoNothing();
}
