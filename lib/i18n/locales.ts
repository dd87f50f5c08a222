/**
 * The languages a homeowner reads the app in, and how a request's language is chosen: the account's saved choice,
 * else the `locale` cookie (the language switch sets both), else the browser's `Accept-Language`, else English.
 * Pure: client components read it too.
 */
import type { FormatLocale } from "@/lib/format";

export const LOCALES = ["en", "es"] as const satisfies readonly FormatLocale[];
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the language switch sets (a year), for people not signed in and for the pages before sign-in. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Each language's name in its own language: what the switch offers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);
