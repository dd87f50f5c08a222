import "server-only";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { localeOfRequest } from "@/lib/i18n/server";

/**
 * The language of the widget and of what it leads to (its lead form's mail, the visitor's report): `?lang=es|en` on the
 * widget's URL (the lender's page chooses it), else the visitor's cookie or `Accept-Language`, else English.
 */
export function widgetLocale(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLocale(lang) ? lang : localeOfRequest(request);
}
