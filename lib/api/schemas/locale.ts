import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";

/** The language switch's input and answer (the OpenAPI document is generated from these). */
export const LocaleBody = z.object({
  locale: z
    .enum(LOCALES, { error: "locale must be en or es" })
    .describe("The language to read the app in: en (English) or es (Spanish)"),
});

export const LocaleAnswer = z.object({
  locale: z.enum(LOCALES),
  saved: z.boolean().describe("Whether it was saved on the account (signed in) as well as in the browser's cookie"),
});
