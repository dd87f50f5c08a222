import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { oneLine } from "@/lib/security/one-line";
import { isSafeOrigin } from "@/lib/security/origins";
import { bodyDbId } from "@/lib/db/id";
import { Address, Email, text } from "./common";

/** What the widget's routes accept: the sites that embed it (admin), its lookups, its leads and their report links. */

/** An origin a site embeds from: scheme, host and port, nothing else. */
const Origin = z.string({ error: "must be an origin such as https://bank.example" }).transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an origin such as https://bank.example" });
    return z.NEVER;
  }
  if (!/^https?:$/.test(url.protocol)) ctx.addIssue({ code: "custom", message: "must be http or https" });
  else if (url.pathname !== "/" || url.search || url.hash)
    ctx.addIssue({ code: "custom", message: "must be an origin, without a path" });
  else if (!isSafeOrigin(url.origin))
    ctx.addIssue({
      code: "custom",
      message: "must be a plain host name: letters, digits, dots and hyphens, no wildcard",
    });
  return url.origin;
});

export const SiteBody = z.object({
  name: text("name", 100),
  allowedOrigins: z.array(Origin).min(1, "list at least one origin").max(20, "at most 20 origins"),
  dailyBudget: z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000),
  officerId: bodyDbId("must be a staff member's id")
    .optional()
    .describe("The loan officer the widget's leads go to (else the organization's default officer)"),
});

export const WidgetBody = z.object({ key: text("key", 100), address: Address });

export const WidgetQuery = z.object({
  key: text("key", 100),
  address: z.string().trim().max(300).optional(),
  accent: z
    .string()
    .regex(/^#?[0-9a-fA-F]{6}$/, "accent must be a colour like 0f5132")
    .transform((value) => `#${value.replace("#", "")}`)
    .optional(),
  theme: z.enum(["light", "dark"], { error: "theme must be light or dark" }).default("light"),
  parent: z.string().max(300).optional(),
});

/** The widget's "Get my full report" form (POST /api/widget/leads). */
export const WidgetLeadBody = z.object({
  key: text("key", 100),
  address: Address,
  name: text("name", 100)
    .transform(oneLine)
    .pipe(z.string().min(1, "name is required"))
    .describe("Kept on one line: control characters (CR, LF, tabs) become spaces"),
  email: Email,
  phone: z
    .string()
    .trim()
    .max(40, "phone must be at most 40 characters")
    .optional()
    .describe("Optional; with it, `consent` must be true"),
  consent: z
    .boolean({ error: "consent must be true or false" })
    .optional()
    .describe("The visitor ticked the consent to be called or texted"),
  page: z
    .string()
    .trim()
    .max(500, "page must be at most 500 characters")
    .refine((value) => value === "" || /^https?:\/\/[^/]/i.test(value), "page must be an http(s) address")
    .optional()
    .describe("The page the form was on (kept with a consent): an http(s) address on one of the site's origins"),
  website: z.string().max(300).optional().describe("Leave empty: a field people do not see"),
  challenge: text("challenge", 400).describe("From GET /api/widget/leads/challenge"),
  solution: text("solution", 100).describe(
    "A suffix whose SHA-256 with the challenge (`challenge:solution`) starts with `bits` zero bits",
  ),
});
export const WidgetChallengeQuery = z.object({
  key: text("key", 100),
  lang: z
    .enum(LOCALES, { error: "lang must be en or es" })
    .optional()
    .describe("The language the frame shows: the lead's consent and mail are in it (else the browser's)"),
});
/** A report link's token (the `/report?token=` of the mail). */
export const ReportLinkQuery = z.object({
  token: z.string({ error: "token is required" }).regex(/^[\w-]{20,100}$/, "token is not a report link's"),
});
