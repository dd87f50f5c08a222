import { userFromRequest } from "@/lib/auth/session";
import type { Locale } from "@/lib/i18n/locales";
import { CATALOGUES, translator } from "@/lib/i18n/messages";
import { localeOfRequest } from "@/lib/i18n/server";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { visitorIp } from "@/lib/services/platform/gateway";
import {
  alreadyUsed,
  isSameMember,
  memberAccount,
  partnerSessionCookie,
  verifyPartnerToken,
} from "@/lib/services/partners/partners";

/** The refusal's page in the member's language (their browser's: nobody is signed in yet). */
function refusal(locale: Locale, status: number, message: string) {
  const t = translator(locale, "EmbedDashboard");
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${t("refusalTitle")}</title><style>body{font:15px system-ui,sans-serif;margin:24px;color:#1f2937}</style></head><body><main><h1>${t("refusalHeading")}</h1><p role="alert">${message.replace(/[<>&]/g, "")}</p></main></body></html>`;
  // The refusal may show inside any partner's frame; it reveals nothing and does nothing.
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

const toDashboard = (cookie?: string) =>
  new Response(null, {
    status: 303,
    headers: {
      Location: "/embed/dashboard/view",
      "Cache-Control": "no-store",
      ...(cookie ? { "Set-Cookie": cookie } : {}),
    },
  });

// GET /embed/dashboard?token=…: a partner's signed token for its member → that member's session, then the dashboard
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const locale = localeOfRequest(request);
  if (!token) return refusal(locale, 401, translator(locale, "EmbedDashboard")("needsLink"));
  try {
    const { site, claims, replayed } = await verifyPartnerToken(token);
    if (replayed) {
      // The member reloading the bank's page: their session on this partner's site goes on; anyone else is refused.
      if (await isSameMember(await userFromRequest(request), site, claims)) return toDashboard();
      throw alreadyUsed();
    }
    const ip = visitorIp(request.headers);
    const user = await memberAccount(site, claims, ip);
    void audit({
      action: "signin",
      actor: { ...user, partnerSiteId: site.id },
      ip,
      detail: { method: "partner_token" },
    });
    return toDashboard(await partnerSessionCookie(user, site));
  } catch (error) {
    if (AppError.is(error)) {
      void audit({
        action: "signin",
        actor: null,
        ip: visitorIp(request.headers),
        outcome: "refused",
        detail: { method: "partner_token", reason: error.code },
      });
      const words = CATALOGUES[locale].Errors as Record<string, string>;
      return refusal(locale, error.status, words[error.code] ?? error.message);
    }
    throw error;
  }
}
