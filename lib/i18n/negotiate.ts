import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

/**
 * The language a browser asks for, from its `Accept-Language` (quality values honoured, "es-MX" read as Spanish),
 * among the app's own; English when it asks for none of them or the header is malformed.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const requested = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages().filter((tag) => {
    try {
      return tag !== "*" && Intl.getCanonicalLocales(tag).length > 0;
    } catch {
      return false;
    }
  });
  if (!requested.length) return DEFAULT_LOCALE;
  const chosen = match(requested, LOCALES, DEFAULT_LOCALE, { algorithm: "best fit" });
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/** The language of a request for a person not signed in (or whose account chose none): its cookie, else its header. */
export function localeOfHeaders(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(cookie) ? cookie : negotiateLocale(acceptLanguage);
}

/**
 * The `locale` cookie of a raw `Cookie` header: the last one when the name is sent twice, as Next.js's own cookie
 * parsing reads it for pages, so that a route and a page of the same request agree. Undefined for any other value.
 */
export function localeCookie(header: string | null | undefined): Locale | undefined {
  const value = [...(header ?? "").matchAll(/(?:^|;)\s*locale=([^;]*)/g)].at(-1)?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}
