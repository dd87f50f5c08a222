import "server-only";
import { cookies, headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { cache } from "react";
import { currentUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/auth/roles";
import { formatsFor, type Formats } from "@/lib/format";
import { isLocale, LOCALE_COOKIE, type Locale } from "./locales";
import { localeCookie, localeOfHeaders } from "./negotiate";

/**
 * The language of the page being rendered: the signed-in account's choice, else the `locale` cookie, else the
 * browser's `Accept-Language`, else English. Once per request (React's cache); i18n/request.ts hands it to next-intl.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const user = await currentUser().catch(() => undefined);
  if (user?.locale) return user.locale;
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return localeOfHeaders(jar.get(LOCALE_COOKIE)?.value, head.get("accept-language"));
});

/** The language of an API request, by the same rule, for a route handler that writes words (a widget, a file). */
export function localeOfRequest(request: Request, user?: SessionUser): Locale {
  if (user?.locale) return user.locale;
  return localeOfHeaders(localeCookie(request.headers.get("cookie")), request.headers.get("accept-language"));
}

/** The figures and dates of the page being rendered, in its language (server components). */
export async function getFormats(): Promise<Formats> {
  const locale = await getLocale();
  return formatsFor(isLocale(locale) ? locale : "en");
}
