import { z } from "zod";
import { bodyDbId } from "@/lib/db/id";

/** Answers of the officer-card routes (issue 39): an officer's own card, the organization's details, an assignment. */
export const OfficerProfile = z.object({
  displayName: z.string().nullable(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  nmlsId: z.string().nullable(),
  photoUrl: z.string().nullable(),
  complete: z.boolean(),
});

export const Organization = z.object({
  companyName: z.string().nullable(),
  nmlsId: z.string().nullable(),
  phone: z.string().nullable().describe("The lender's own phone (E.164), for a homeowner who has no officer"),
  email: z.string().nullable().describe("The lender's email for questions"),
  equalHousingStatement: z.string(),
  defaultOfficerId: z
    .number()
    .nullable()
    .describe("The default officer an admin chose; null while none is (the first loan officer is the default then)"),
  logoUrl: z.string().nullable(),
});

export const OfficerAssignment = z.object({
  officerId: z.number().nullable(),
  source: z.enum(["assigned", "invitation", "portfolio", "partner", "default"]).nullable(),
});

const OfficerId = bodyDbId("must be a user id or null").nullable();

export const OfficerAssignmentBody = z.object({ officerId: OfficerId });
export const SiteOfficerBody = z.object({
  siteId: bodyDbId("must be a site id"),
  officerId: OfficerId,
});

/** The image types an upload may declare (its content is what is checked). */
export const IMAGE_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
