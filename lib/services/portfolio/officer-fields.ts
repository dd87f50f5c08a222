import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { bodyDbId, MAX_DB_ID } from "@/lib/db/id";

/** An optional text field: blank clears it (null), anything else is trimmed and kept within `max` characters. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value?.trim() || null);

/** A phone number as typed ("(206) 555-0123", "+1 206 555 0123"), US unless it says otherwise, kept as E.164. */
export const PhoneField = z
  .string()
  .max(40, "must be at most 40 characters")
  .nullish()
  .transform((value, context) => {
    if (!value?.trim()) return null;
    const phone = parsePhoneNumberFromString(value, "US");
    if (!phone?.isValid()) {
      context.addIssue({
        code: "custom",
        message: "is not a valid phone number (for example (206) 555-0123 or +44 20 7946 0958)",
      });
      return z.NEVER;
    }
    return phone.number;
  });

/** An NMLS ID: the registry's unique identifier, digits only (1 to 12 of them). */
export const NmlsIdField = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null)
  .refine(
    (value) => value === null || /^\d{1,12}$/.test(value),
    "must be 1 to 12 digits (the NMLS ID, with no letters or spaces)",
  );

/**
 * A link the homeowner opens to book a call: https only (a card never sends them somewhere unencrypted or to a script).
 */
export const BookingUrlField = z
  .string()
  .max(500, "must be at most 500 characters")
  .nullish()
  .transform((value) => value?.trim() || null)
  .refine((value) => {
    if (value === null) return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && !!url.hostname;
    } catch {
      return false;
    }
  }, "must be an https:// link");

const EmailField = z
  .string()
  .max(254, "must be at most 254 characters")
  .nullish()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || z.email().safeParse(value).success, "is not a valid email address");

/** What an officer saves of their card (the photo goes on its own: it is a file). */
export const OfficerProfileInput = z.object({
  displayName: optionalText(100),
  title: optionalText(100),
  phone: PhoneField,
  email: EmailField,
  bookingUrl: BookingUrlField,
  nmlsId: NmlsIdField,
});
export type OfficerProfileInput = z.output<typeof OfficerProfileInput>;

export const DEFAULT_EQUAL_HOUSING_STATEMENT =
  "Equal Housing Opportunity. We do business in accordance with the Federal Fair Housing Law and the Equal Credit Opportunity Act.";

/** What an admin saves of the organization (the logo goes on its own). */
export const OrganizationInput = z.object({
  companyName: optionalText(200),
  nmlsId: NmlsIdField,
  /** The lender's own contact, for a homeowner who has no officer. */
  phone: PhoneField,
  email: EmailField,
  equalHousingStatement: optionalText(1000),
  defaultOfficerId: bodyDbId("must be a user id or null")
    .nullish()
    .transform((value) => value ?? null),
});
export type OrganizationInput = z.output<typeof OrganizationInput>;

/** A `<select>`'s officer: a user id, or "" for none. */
const OfficerChoice = z
  .string()
  .regex(/^(?:[1-9]\d*)?$/, "must be a user id or none")
  .transform((value) => (value ? Number(value) : null))
  .refine((value) => value === null || value <= MAX_DB_ID, `must be at most ${MAX_DB_ID}`);

/** The admin page's forms: a homeowner's officer (by the homeowner's email), and a site's. */
export const AssignOfficerForm = z.object({
  email: z.string().trim().max(254, "must be at most 254 characters").pipe(z.email("is not a valid email address")),
  officerId: OfficerChoice,
});
export const SiteOfficerForm = z.object({
  siteId: z
    .string()
    .regex(/^[1-9]\d*$/, "choose a site")
    .transform(Number)
    .refine((value) => value <= MAX_DB_ID, `must be at most ${MAX_DB_ID}`),
  officerId: OfficerChoice,
});

/** NMLS Consumer Access: where anyone checks a licence (the link a mortgage advertisement gives). */
export const nmlsLink = (kind: "INDIVIDUAL" | "COMPANY", id: string) =>
  `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/${kind}/${encodeURIComponent(id)}`;

/** The card a homeowner sees (declared with the mail that renders it: a lower floor declares the shape it reads). */
export type { OfficerCardDto } from "@/lib/mail/officer-card";
