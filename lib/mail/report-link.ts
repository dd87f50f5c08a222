import { formatDateTime } from "@/lib/format";
import type { Message } from "./transport";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The widget visitor's report link: works once, until `expires`. It goes to whatever address the form was given, so it
 * says nothing the visitor wrote (no name: a stranger's "name" would be the lender's words to a victim); `address` is
 * the standardized address of the house valued, and `lender` the organization's own name.
 */
export function reportLinkMessage(input: { to: string; address: string; url: string; expires: Date; lender: string }): Message {
  const paragraphs = [
    "Hello,",
    `Here is your full home report for ${input.address}, as you asked on ${input.lender}'s site: the estimate of its value, its range and the home's facts.`,
    `The link works once, until ${formatDateTime(input.expires)}. Opening it shows a button; your report opens when you press it. If you did not ask for this, you can ignore this message.`,
  ];
  const text = [...paragraphs, `Open my report: ${input.url}`].join("\n\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:560px;margin:24px auto">`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    `<p><a href="${escape(input.url)}" style="display:inline-block;background:#0f5132;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Open my report</a></p>`,
    `<p style="font-size:13px;color:#475569">Or paste this link into your browser: ${escape(input.url)}</p>`,
    `</body></html>`,
  ].join("");
  return { to: input.to, subject: `Your home report for ${input.address}`, text, html };
}
