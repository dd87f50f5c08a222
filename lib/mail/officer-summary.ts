import { formatWeekday } from "@/lib/format";
import { tagLabel, type OpportunityFigures, type OpportunityKind } from "@/lib/portfolio/opportunities";
import type { Message } from "./transport";

export interface SummaryInput {
  to: string;
  /** The day it is for, as 2026-12-01. */
  day: string;
  opportunities: { kind: OpportunityKind; figures: OpportunityFigures; reason: string; amount: number; name: string; address: string }[];
  /** Open opportunities in all. */
  open: number;
  clientsUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The officer's daily email: who to call and why, the most money first, and the way to the portfolio. */
export function officerSummaryMessage(input: SummaryInput): Message {
  const n = input.opportunities.length;
  const dayName = formatWeekday(input.day);
  const subject = `${n} ${n === 1 ? "client" : "clients"} worth a call today`;
  const text = [
    `Your clients, ${dayName}: ${n} new ${n === 1 ? "opportunity" : "opportunities"} (${input.open} open in all).`,
    ...input.opportunities.map((o) => `${o.name}, ${o.address}\n${tagLabel(o.kind, o.figures)}: ${o.reason}`),
    `Open your portfolio: ${input.clientsUrl}`,
    `You get this email on days with something new. Stop it: ${input.unsubscribeUrl}\nChoose what we send you: ${input.preferencesUrl}`,
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
    <p style="${FONT};font-size:13px;color:#475569;margin:0">Your clients · ${escape(dayName)}</p>
    <h1 style="${FONT};font-size:22px;color:#0f172a;margin:4px 0 8px">${escape(subject)}</h1>
    <p style="${FONT};font-size:14px;color:#334155;margin:0 0 12px">${n} new ${n === 1 ? "opportunity" : "opportunities"}, the most money first; ${input.open} open in all.</p>
  </td></tr>
  <tr><td style="padding:0 16px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
      <tr><th align="left" style="${FONT};font-size:12px;color:#475569;padding:4px 8px">Client</th><th align="left" style="${FONT};font-size:12px;color:#475569;padding:4px 8px">Why call</th></tr>
      ${rows}
    </table>
  </td></tr>
  <tr><td style="padding:16px 24px">
    <a href="${escape(input.clientsUrl)}" style="${FONT};display:inline-block;background:#0f5132;color:#ffffff;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px;text-decoration:none">Open your portfolio</a>
  </td></tr>
  <tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0">
    <p style="${FONT};font-size:12px;color:#64748b;margin:0">You get this email on days your clients have something new. <a href="${escape(input.unsubscribeUrl)}" style="color:#0f5132">Unsubscribe</a> · <a href="${escape(input.preferencesUrl)}" style="color:#0f5132">Email preferences</a></p>
  </td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { to: input.to, subject, text, html, headers: input.headers };
}
