import { formatDate, formatDateTime } from "@/lib/format";
import { BEST_TIME_LABELS, scenarioLine, STATUS_LABELS, type BestTime, type LeadStatus } from "@/lib/leads/rules";
import type { Message } from "./transport";

/** One lead as the officer's mail shows it. */
export interface LeadLine {
  id: number;
  kind: "question" | "call" | "quote" | "report";
  status: LeadStatus;
  name: string | null;
  email: string | null;
  address: string | null;
  phone: string | null;
  bestTime: string | null;
  timeZone: string | null;
  message: string | null;
  scenario: Record<string, number | string | null> | null;
  createdAt: Date;
  url: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const KIND_WORDS: Record<LeadLine["kind"], string> = {
  question: "A question",
  call: "A call request",
  quote: "A quote request",
  report: "A report request",
};

function lineText(lead: LeadLine): string {
  return [
    `${KIND_WORDS[lead.kind]} from ${lead.name ?? lead.email ?? "a homeowner"}${lead.email ? ` <${lead.email}>` : ""} (${STATUS_LABELS[lead.status]})`,
    lead.address && `Home: ${lead.address}`,
    lead.phone &&
      `Phone: ${lead.phone}${lead.bestTime ? `; best time: ${(BEST_TIME_LABELS[lead.bestTime as BestTime] ?? lead.bestTime).toLowerCase()}` : ""}${lead.timeZone ? ` (${lead.timeZone})` : ""}`,
    scenarioLine(lead.scenario),
    lead.message && `Message: ${lead.message}`,
    `Came in: ${formatDateTime(lead.createdAt)}`,
    `Open it: ${lead.url}`,
  ]
    .filter(Boolean)
    .join("\n");
}

function lineHtml(lead: LeadLine): string {
  const rows = lineText(lead)
    .split("\n")
    .slice(1, -1)
    .map((row) => `<br><span style="color:#334155;font-size:13px">${escape(row)}</span>`)
    .join("");
  return `<tr><td style="${FONT};font-size:14px;color:#0f172a;padding:10px 8px;border-top:1px solid #e2e8f0">
    <strong>${escape(KIND_WORDS[lead.kind])} from ${escape(lead.name ?? lead.email ?? "a homeowner")}</strong> · ${escape(STATUS_LABELS[lead.status])}${rows}
    <br><a href="${escape(lead.url)}" style="color:#0f5132">Open the lead</a></td></tr>`;
}

function page(subject: string, intro: string, rows: string, buttonUrl: string, button: string, footer: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px;width:100%;background:#ffffff;border-radius:16px">
  <tr><td style="padding:24px 24px 8px">
    <h1 style="${FONT};font-size:22px;color:#0f172a;margin:0 0 8px">${escape(subject)}</h1>
    <p style="${FONT};font-size:14px;color:#334155;margin:0 0 12px">${escape(intro)}</p>
  </td></tr>
  <tr><td style="padding:0 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table></td></tr>
  <tr><td style="padding:16px 24px">
    <a href="${escape(buttonUrl)}" style="${FONT};display:inline-block;background:#0f5132;color:#ffffff;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(button)}</a>
  </td></tr>
  <tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0">
    <p style="${FONT};font-size:12px;color:#64748b;margin:0">${escape(footer)}</p>
  </td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** The officer's email for one new lead, sent within a minute of it. */
export function leadNoticeMessage(input: { to: string; lead: LeadLine; preferencesUrl: string }): Message {
  const { lead } = input;
  const subject = `New lead: ${KIND_WORDS[lead.kind].toLowerCase()} from ${lead.name ?? lead.email ?? "a homeowner"}`;
  const footer = `You get an email for each new lead. Choose one summary a day instead: ${input.preferencesUrl}`;
  const text = [`${subject}.`, lineText(lead), footer].join("\n\n");
  return {
    to: input.to,
    subject,
    text,
    html: page(subject, "A homeowner asked for you. Call them while it is fresh.", lineHtml(lead), lead.url, "Open the lead", footer),
  };
}

/** The officer's daily summary: leads not mailed yet (daily preference) and open leads older than one business day. */
export function leadSummaryMessage(input: {
  to: string;
  day: string;
  fresh: LeadLine[];
  overdue: LeadLine[];
  leadsUrl: string;
  preferencesUrl: string;
}): Message {
  const n = input.fresh.length;
  const late = input.overdue.length;
  const subject = `Your leads: ${n} new, ${late} waiting more than a business day`;
  const footer = `Choose how you hear of new leads: ${input.preferencesUrl}`;
  const section = (title: string, lines: LeadLine[]) => (lines.length ? [title, ...lines.map(lineText)] : []);
  const text = [
    `Your leads on ${formatDate(input.day)}.`,
    ...section(`New (${n}):`, input.fresh),
    ...section(`Open for more than one business day (${late}):`, input.overdue),
    `All your leads: ${input.leadsUrl}`,
    footer,
  ].join("\n\n");
  const heading = (title: string) => `<tr><th align="left" style="${FONT};font-size:13px;color:#475569;padding:12px 8px 4px">${escape(title)}</th></tr>`;
  const rows = [
    ...(n ? [heading(`New (${n})`), ...input.fresh.map(lineHtml)] : []),
    ...(late ? [heading(`Open for more than one business day (${late})`), ...input.overdue.map(lineHtml)] : []),
  ].join("\n");
  return { to: input.to, subject, text, html: page(subject, `Your leads on ${formatDate(input.day)}.`, rows, input.leadsUrl, "Open your leads", footer) };
}
