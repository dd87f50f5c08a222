import { cookies } from "next/headers";
import { LocaleAnswer, LocaleBody } from "@/lib/api/schemas/locale";
import { route } from "@/lib/api/route";
import { secureCookies } from "@/lib/auth/cookies";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/i18n/locales";
import { saveLocale } from "@/lib/services/identity/locale";

export const PUT = route(
  {
    roles: "public",
    body: LocaleBody,
    summary:
      "Choose the language to read the app in: kept in a cookie, and on the account (its pages and its mail) when signed in",
    responses: { 200: LocaleAnswer },
  },
  async ({ user, body }) => {
    (await cookies()).set(LOCALE_COOKIE, body.locale, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: "lax",
      secure: secureCookies,
    });
    if (user) await saveLocale(user.id, body.locale);
    return Response.json({ locale: body.locale, saved: !!user }, { headers: { "Cache-Control": "no-store" } });
  },
);
