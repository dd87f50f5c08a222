import { formatsFor } from "@/lib/format";
import { phoneDisplay } from "@/lib/format/phone";
import { translator } from "@/lib/i18n/messages";
import { BEST_TIME_LABELS, scenarioLine, STATUS_LABELS, type BestTime, type LeadStatus } from "@/lib/leads/rules";
import { oneLine } from "@/lib/security/one-line";
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

// The officer's mail is staff mail: English, its words from the catalogue (StaffMail).
const t = translator("en", "StaffMail");
const f = formatsFor("en");

/** "A call request from Dana Reyes" (the person's name, else their email, else "a homeowner"). */
const kindFrom = (lead: LeadLine) =>
  t("leadKindFrom", { kind: lead.kind, who: lead.name ?? lead.email ?? t("leadSomeone") });

function lineText(lead: LeadLine): string {
  const bestTime = lead.bestTime ? (BEST_TIME_LABELS[lead.bestTime as BestTime] ?? lead.bestTime).toLowerCase() : "";
  return [
    `${kindFrom(lead)}${lead.email ? ` <${lead.email}>` : ""} (${STATUS_LABELS[lead.status]})`,
    lead.address && t("leadHome", { address: lead.address }),
    lead.phone &&
      `${t("leadPhone", { phone: phoneDisplay(lead.phone)?.text ?? lead.phone })}${bestTime ? t("leadBestTime", { bestTime }) : ""}${lead.timeZone ? ` (${lead.timeZone})` : ""}`,
    scenarioLine(lead.scenario),
    lead.message && t("leadMessage", { message: lead.message }),
    t("leadCameIn", { at: f.dateTime(lead.createdAt) }),
    t("leadOpenIt", { url: lead.url }),
  ]
    .filter(Boolean)
    .join("\n");
}

/** One lead's rows; its own "Open the lead" link unless the mail's button already opens it (a notice of one lead). */
function lineHtml(lead: LeadLine, withLink = true): string {
  const rows = lineText(lead)
    .split("\n")
    .slice(1, -1)
    .map((row) => `<br><span style="color:#334155;font-size:13px">${escape(row)}</span>`)
    .join("");
  return `<tr><td style="${FONT};font-size:14px;color:#0f172a;padding:10px 8px;border-top:1px solid #e2e8f0">
    <strong>${escape(kindFrom(lead))}</strong> · ${escape(STATUS_LABELS[lead.status])}${rows}
    ${withLink ? `<br><a href="${escape(lead.url)}" style="color:#0f5132">${escape(t("leadOpen"))}</a>` : ""}</td></tr>`;
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
  // A visitor's name is anyone's text: one line, so that it cannot add a header.
  const subject = oneLine(
    t("leadNoticeSubject", { kind: lead.kind, who: lead.name ?? lead.email ?? t("leadSomeone") }),
  );
  const footer = t("leadNoticeFooter", { url: input.preferencesUrl });
  const text = [`${subject}.`, lineText(lead), footer].join("\n\n");
  return {
    to: input.to,
    subject,
    text,
    html: page(subject, t("leadNoticeIntro"), lineHtml(lead, false), lead.url, t("leadOpen"), footer),
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
  const subject = t("leadSummarySubject", { fresh: n, late });
  const footer = t("leadSummaryFooter", { url: input.preferencesUrl });
  const intro = t("leadSummaryIntro", { day: f.date(input.day) });
  const section = (title: string, lines: LeadLine[]) => (lines.length ? [`${title}:`, ...lines.map(lineText)] : []);
  const text = [
    intro,
    ...section(t("leadSummaryNew", { count: n }), input.fresh),
    ...section(t("leadSummaryLate", { count: late }), input.overdue),
    t("leadSummaryAll", { url: input.leadsUrl }),
    footer,
  ].join("\n\n");
  const heading = (title: string) =>
    `<tr><th align="left" style="${FONT};font-size:13px;color:#475569;padding:12px 8px 4px">${escape(title)}</th></tr>`;
  const rows = [
    ...(n ? [heading(t("leadSummaryNew", { count: n })), ...input.fresh.map((lead) => lineHtml(lead))] : []),
    ...(late ? [heading(t("leadSummaryLate", { count: late })), ...input.overdue.map((lead) => lineHtml(lead))] : []),
  ].join("\n");
  return {
    to: input.to,
    subject,
    text,
    html: page(subject, intro, rows, input.leadsUrl, t("leadSummaryOpen"), footer),
  };
}

/** The admins' email, once a day per site, when its widget's leads pass the day's cap and are held for review. */
export function heldLeadsMessage(input: { to: string; site: string; cap: number; leadsUrl: string }): Message {
  const subject = oneLine(t("heldSubject", { site: input.site, cap: input.cap }));
  const intro = t("heldIntro", { site: input.site, cap: input.cap });
  const footer = t("heldFooter");
  const text = [intro, t("heldAction", { url: input.leadsUrl }), footer].join("\n\n");
  return {
    to: input.to,
    subject,
    text,
    html: page(subject, intro, "", input.leadsUrl, t("leadSummaryOpen"), footer),
  };
}
