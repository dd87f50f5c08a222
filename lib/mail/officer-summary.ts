import { formatsFor } from "@/lib/format";
import { translator } from "@/lib/i18n/messages";
import { tagLabel, type OpportunityFigures, type OpportunityKind } from "@/lib/portfolio/opportunities";
import type { Message } from "./transport";

export interface SummaryInput {
  to: string;
  /** The day it is for, as 2026-12-01. */
  day: string;
  opportunities: {
    kind: OpportunityKind;
    figures: OpportunityFigures;
    reason: string;
    amount: number;
    name: string;
    address: string;
  }[];
  /** Open opportunities in all. */
  open: number;
  clientsUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/**
 * The officer's daily email: who to call and why, the most money first, and the way to the portfolio (staff mail:
 * English).
 */
export function officerSummaryMessage(input: SummaryInput): Message {
  const t = translator("en", "StaffMail");
  const n = input.opportunities.length;
  const dayName = formatsFor("en").weekday(input.day);
  const subject = t("summarySubject", { count: n });
  const text = [
    t("summaryText", { day: dayName, count: n, open: input.open }),
    ...input.opportunities.map((o) => `${o.name}, ${o.address}\n${tagLabel(o.kind, o.figures)}: ${o.reason}`),
    t("summaryOpenText", { url: input.clientsUrl }),
    `${t("summaryFooterText", { unsubscribe: input.unsubscribeUrl })}\n${t("summaryChooseText", { url: input.preferencesUrl })}`,
  ].join("\n\n");
  const rows = input.opportunities
    .map(
      (o) => `<tr>
      <td style="${FONT};font-size:14px;color:#0f172a;padding:10px 8px;border-top:1px solid #e2e8f0;vertical-align:top"><strong>${escape(o.name)}</strong><br><span style="color:#475569;font-size:13px">${escape(o.address)}</span></td>
      <td style="${FONT};font-size:14px;color:#0f172a;padding:10px 8px;border-top:1px solid #e2e8f0;vertical-align:top"><strong>${escape(tagLabel(o.kind, o.figures))}</strong><br><span style="color:#334155;font-size:13px">${escape(o.reason)}</span></td>
    </tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px;width:100%;background:#ffffff;border-radius:16px">
  <tr><td style="padding:24px 24px 8px">
    <p style="${FONT};font-size:13px;color:#475569;margin:0">${escape(t("summaryEyebrow", { day: dayName }))}</p>
    <h1 style="${FONT};font-size:22px;color:#0f172a;margin:4px 0 8px">${escape(subject)}</h1>
    <p style="${FONT};font-size:14px;color:#334155;margin:0 0 12px">${escape(t("summaryIntro", { count: n, open: input.open }))}</p>
  </td></tr>
  <tr><td style="padding:0 16px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
      <tr><th align="left" style="${FONT};font-size:12px;color:#475569;padding:4px 8px">${escape(t("summaryClient"))}</th><th align="left" style="${FONT};font-size:12px;color:#475569;padding:4px 8px">${escape(t("summaryWhy"))}</th></tr>
      ${rows}
    </table>
  </td></tr>
  <tr><td style="padding:16px 24px">
    <a href="${escape(input.clientsUrl)}" style="${FONT};display:inline-block;background:#0f5132;color:#ffffff;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(t("summaryOpen"))}</a>
  </td></tr>
  <tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0">
    <p style="${FONT};font-size:12px;color:#64748b;margin:0">${escape(t("summaryFooter"))} <a href="${escape(input.unsubscribeUrl)}" style="color:#0f5132">${escape(t("unsubscribe"))}</a> · <a href="${escape(input.preferencesUrl)}" style="color:#0f5132">${escape(t("preferences"))}</a></p>
  </td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { to: input.to, subject, text, html, headers: input.headers };
}
