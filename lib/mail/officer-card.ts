import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";

/**
 * What a homeowner sees of their loan officer: everything a mortgage advertisement must carry, and how to reach them.
 */
export interface OfficerCardDto {
  officerId: number;
  name: string;
  title: string | null;
  /** E.164, for `tel:` links. */
  phone: string | null;
  /** The same number as people write it ("(206) 555-0123"). */
  phoneDisplay: string | null;
  email: string;
  bookingUrl: string | null;
  nmlsId: string;
  nmlsUrl: string;
  /** Relative to the app (`/api/officers/7/photo?v=…`), or null without a photo. */
  photoUrl: string | null;
  company: { name: string | null; nmlsId: string | null; nmlsUrl: string | null; logoUrl: string | null };
  equalHousingStatement: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const absolute = (url: string, origin: string) => new URL(url, origin).href;
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const LINK = "color:#0f5132";

/**
 * The Equal Housing Opportunity logo as an inline SVG (the same drawing as the card's component), named in a language.
 */
export const equalHousingSvg = (locale: Locale = "en") => {
  const name = escape(translator(locale, "Mail")("equalHousingLogo"));
  return `<svg width="28" height="28" viewBox="0 0 64 64" role="img" aria-label="${name}" style="vertical-align:middle"><title>${name}</title><path d="M32 4 2 28h8v30h44V28h8L32 4Zm16 48H16V26l16-13 16 13v26Z" fill="#0f172a"/><rect x="21" y="30" width="22" height="6" fill="#0f172a"/><rect x="21" y="40" width="22" height="6" fill="#0f172a"/></svg>`;
};

/**
 * The officer's card as HTML for an email or the report's HTML: tables and inline styles (mail clients ignore style
 * sheets), images by absolute URL, the Equal Housing Opportunity logo inline (clients that drop SVG still show its
 * words).
 */
export function officerCardHtml(card: OfficerCardDto, origin: string, locale: Locale = "en"): string {
  const t = translator(locale, "Mail");
  const lines = [
    card.title ? escape(card.title) : "",
    card.phone
      ? `<a href="tel:${escape(card.phone)}" style="${LINK}">${escape(card.phoneDisplay ?? card.phone)}</a>`
      : "",
    `<a href="mailto:${escape(card.email)}" style="${LINK}">${escape(card.email)}</a>`,
    card.bookingUrl ? `<a href="${escape(card.bookingUrl)}" style="${LINK}">${escape(t("cardBook"))}</a>` : "",
    `${escape(t("cardNmls"))} <a href="${escape(card.nmlsUrl)}" style="${LINK}">${escape(card.nmlsId)}</a>`,
  ].filter(Boolean);
  const company = [
    card.company.name ? `<strong>${escape(card.company.name)}</strong>` : "",
    card.company.nmlsId && card.company.nmlsUrl
      ? `${escape(t("cardCompanyNmls"))} <a href="${escape(card.company.nmlsUrl)}" style="${LINK}">${escape(card.company.nmlsId)}</a>`
      : "",
  ].filter(Boolean);
  const photo = card.photoUrl
    ? `<td width="80" style="padding:0 16px 0 0;vertical-align:top"><img src="${escape(absolute(card.photoUrl, origin))}" alt="${escape(t("cardPhoto", { name: card.name }))}" width="72" height="72" style="border-radius:36px;display:block"></td>`
    : "";
  const logo = card.company.logoUrl
    ? `<img src="${escape(absolute(card.company.logoUrl, origin))}" alt="${escape(card.company.name ? t("cardCompanyLogo", { name: card.company.name }) : t("cardCompanyLogoAnonymous"))}" width="32" height="32" style="vertical-align:middle"> `
    : "";
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e2e8f0;border-radius:12px;margin:0 0 16px" data-officer-card>
  <tr><td style="padding:16px 20px">
    <table role="presentation" cellpadding="0" cellspacing="0"><tr>${photo}<td style="vertical-align:top">
      <p style="${FONT};font-size:12px;color:#475569;margin:0">${escape(t("cardYourOfficer"))}</p>
      <p style="${FONT};font-size:17px;font-weight:700;color:#0f172a;margin:2px 0 4px">${escape(card.name)}</p>
      ${lines.map((line) => `<p style="${FONT};font-size:14px;color:#334155;margin:0 0 2px">${line}</p>`).join("\n      ")}
    </td></tr></table>
    <p style="${FONT};font-size:12px;color:#334155;margin:12px 0 0;border-top:1px solid #e2e8f0;padding-top:8px">${logo}${company.join(" · ")}</p>
    <p style="${FONT};font-size:12px;color:#334155;margin:6px 0 0">${equalHousingSvg(locale)} ${escape(card.equalHousingStatement)}</p>
  </td></tr>
</table>`;
}

/** The card as lines of plain text (the text part of an email). */
export function officerCardText(card: OfficerCardDto, locale: Locale = "en"): string {
  const t = translator(locale, "Mail");
  return [
    `${t("cardYourOfficer")}: ${card.name}${card.title ? `, ${card.title}` : ""}`,
    card.phone ? `${t("cardPhone")}: ${card.phoneDisplay ?? card.phone}` : "",
    `${t("cardEmail")}: ${card.email}`,
    card.bookingUrl ? `${t("cardBook")}: ${card.bookingUrl}` : "",
    `${t("cardNmls")} ${card.nmlsId} (${card.nmlsUrl})`,
    [
      card.company.name,
      card.company.nmlsId ? `${t("cardCompanyNmls")} ${card.company.nmlsId} (${card.company.nmlsUrl})` : "",
    ]
      .filter(Boolean)
      .join(" · "),
    card.equalHousingStatement,
  ]
    .filter(Boolean)
    .join("\n");
}
