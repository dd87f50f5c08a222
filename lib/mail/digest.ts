import { estimateContent } from "@/lib/i18n/estimate-content";
import { formatsFor } from "@/lib/format";
import type { Brand } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { officerCardHtml, officerCardText, type OfficerCardDto } from "./officer-card";
import type { Message } from "./transport";

/**
 * One home in a homeowner's monthly digest: the estimate and its change, what is owed, the equity and what is
 * available.
 */
export interface DigestHome {
  address: string;
  estimate: {
    value: number;
    low: number;
    high: number;
    confidence: number;
    date: string;
    changeAmount: number;
    changePercent: number;
  };
  loans: number;
  equity: number;
  /** What a lender could lend against it at the organization's maximum loan-to-value. */
  available: number;
  maxLtv: number;
}

export interface DigestInput {
  to: string;
  /** The month it is about, in the reader's language: "December 2026", "diciembre de 2026". */
  month: string;
  /** The reader's language (the account's); English when not given. */
  locale?: Locale;
  homes: DigestHome[];
  /** The loan officer who invited them: their contact. */
  officer?: { name: string; email: string };
  /** Their assigned officer's card (with an NMLS ID): shown in place of the plain line above. */
  card?: OfficerCardDto | null;
  dashboardUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
  brand: Brand;
  origin: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const absolute = (url: string, origin: string) => new URL(url, origin).href;

// Email clients ignore style sheets and most layout: tables, inline styles, system fonts, widths in pixels.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const CELL = `${FONT};font-size:14px;color:#334155;padding:4px 0`;
const FIGURE = `${FONT};font-size:14px;color:#0f172a;font-weight:600;padding:4px 0;text-align:right`;

/**
 * The branded estimate in the reader's language. The input is built apart (not a literal) so that it carries the
 * `locale` whether or not estimateContent's input declares it yet.
 */
function estimateOf(estimate: DigestHome["estimate"], brand: Brand, locale: Locale) {
  const input = { ...estimate, brand, locale };
  return estimateContent(input);
}

/** A home's figures, label and value, in the reader's language. */
function homeRows(home: DigestHome, locale: Locale): [string, string][] {
  const t = translator(locale, "Digest");
  const f = formatsFor(locale);
  return [
    [
      t("sinceLastMonth"),
      `${f.signedUsd(home.estimate.changeAmount)} (${f.percent(home.estimate.changePercent, "change")})`,
    ],
    [t("owe"), f.usd(home.loans)],
    [t("equity"), f.usd(home.equity)],
    [t("couldBorrow", { ltv: f.percent(home.maxLtv * 100, "whole") }), f.usd(home.available)],
  ];
}

function homeHtml(home: DigestHome, brand: Brand, origin: string, locale: Locale): string {
  const content = estimateOf(home.estimate, brand, locale);
  const rows = homeRows(home, locale);
  return `
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e2e8f0;border-radius:12px;margin:0 0 16px">
  <tr><td style="padding:16px 20px">
    <p style="${FONT};font-size:16px;font-weight:700;color:#0f172a;margin:0 0 12px">${escape(home.address)}</p>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#ecfdf5;border:1px solid #a7d7c5;border-radius:10px">
      <tr><td style="padding:12px 16px">
        <p style="${FONT};font-size:11px;letter-spacing:1px;text-transform:uppercase;font-weight:700;color:#0f5132;margin:0">${escape(content.title)}</p>
        <p style="${FONT};font-size:26px;font-weight:700;color:#0f172a;margin:4px 0">${escape(content.headline)}</p>
        <p style="${FONT};font-size:13px;color:#334155;margin:0 0 8px">${escape(content.detail)}</p>
        <p style="${FONT};font-size:12px;color:#1e293b;margin:0"><img src="${escape(absolute(content.attribution.logoUrl, origin))}" alt="" width="14" height="14" style="vertical-align:middle"> ${escape(content.attribution.prefix)} <strong>${escape(content.attribution.provider)}</strong></p>
        <p style="${FONT};font-size:12px;color:#475569;margin:6px 0 0">${escape(content.disclaimer)} <a href="${escape(absolute(content.methodology.href, origin))}" style="color:#0f5132">${escape(content.methodology.text)}</a></p>
      </td></tr>
    </table>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px">
      ${rows.map(([label, value]) => `<tr><td style="${CELL}">${escape(label)}</td><td style="${FIGURE}">${escape(value)}</td></tr>`).join("\n      ")}
    </table>
  </td></tr>
</table>`;
}

function homeText(home: DigestHome, brand: Brand, locale: Locale): string {
  const content = estimateOf(home.estimate, brand, locale);
  return [
    home.address,
    `${content.title}: ${content.headline} (${content.detail})`,
    `${content.attribution.prefix} ${content.attribution.provider}. ${content.disclaimer}`,
    ...homeRows(home, locale).map(([label, value]) => `${label}: ${value}`),
  ].join("\n");
}

/**
 * The homeowner's monthly digest: each home's branded estimate and its change, equity and what they could borrow, one
 * link to the dashboard, their loan officer, and the way out (a one-click unsubscribe and the preferences page).
 */
export function homeownerDigestMessage(input: DigestInput): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Digest");
  const f = formatsFor(locale);
  const month = input.month;
  const total = input.homes.reduce((sum, home) => sum + home.estimate.changeAmount, 0);
  // Plain words in the subject: it reads the same in every client's list, encoded or not.
  const moved = t("moved", { direction: total >= 0 ? "up" : "down", amount: f.usd(Math.abs(total)) });
  const subject =
    input.homes.length === 1
      ? t("subjectOne", {
          month,
          headline: estimateOf(input.homes[0]!.estimate, input.brand, locale).headline.replace(" – ", ` ${t("to")} `),
          moved,
        })
      : t("subjectMany", { count: input.homes.length, month, moved });
  const officerLine = input.card
    ? ""
    : input.officer
      ? t("officerLine", { name: input.officer.name, email: input.officer.email })
      : "";
  const text = [
    t("textHeading", { month }),
    ...input.homes.map((home) => homeText(home, input.brand, locale)),
    t("textSeeAll", { url: input.dashboardUrl }),
    officerLine,
    input.card ? officerCardText(input.card, locale) : "",
    `${t("textStop", { url: input.unsubscribeUrl })}\n${t("textChoose", { url: input.preferencesUrl })}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:16px">
  <tr><td style="padding:24px 24px 8px">
    <p style="${FONT};font-size:13px;color:#475569;margin:0">${escape(t("eyebrow", { month }))}</p>
    <h1 style="${FONT};font-size:22px;color:#0f172a;margin:4px 0 16px">${escape(t("heading", { count: input.homes.length }))}</h1>
  </td></tr>
  <tr><td style="padding:0 24px">${input.homes.map((home) => homeHtml(home, input.brand, input.origin, locale)).join("")}</td></tr>
  <tr><td style="padding:8px 24px 16px" align="left">
    <a href="${escape(input.dashboardUrl)}" style="${FONT};display:inline-block;background:#0f5132;color:#ffffff;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(t("open"))}</a>
  </td></tr>
  ${input.card ? `<tr><td style="padding:0 24px 8px">${officerCardHtml(input.card, input.origin, locale)}</td></tr>` : ""}
  ${officerLine ? `<tr><td style="padding:0 24px 16px"><p style="${FONT};font-size:14px;color:#334155;margin:0">${escape(officerLine)}</p></td></tr>` : ""}
  <tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0">
    <p style="${FONT};font-size:12px;color:#64748b;margin:0">${escape(t("footer"))} <a href="${escape(input.unsubscribeUrl)}" style="color:#0f5132">${escape(t("unsubscribe"))}</a> · <a href="${escape(input.preferencesUrl)}" style="color:#0f5132">${escape(t("preferences"))}</a></p>
  </td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { to: input.to, subject, text, html, headers: input.headers };
}
