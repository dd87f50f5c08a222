import { formatsFor } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import type { Message } from "./transport";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The widget visitor's report link: works once, until `expires`. It goes to whatever address the form was given, so it
 * says nothing the visitor wrote (no name: a stranger's "name" would be the lender's words to a victim); `address` is
 * the standardized address of the house valued, and `lender` the organization's own name. In the language the widget
 * was read in.
 */
export function reportLinkMessage(input: {
  to: string;
  address: string;
  url: string;
  expires: Date;
  lender: string;
  locale?: Locale;
}): Message {
  const locale = input.locale ?? "en";
  const t = translator(locale, "Mail");
  const paragraphs = [
    t("helloAnonymous"),
    t("reportLinkHere", { address: input.address, lender: input.lender }),
    t("reportLinkOnce", { expires: formatsFor(locale).dateTime(input.expires) }),
  ];
  const text = [...paragraphs, `${t("reportLinkAction")}: ${input.url}`].join("\n\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:560px;margin:24px auto">`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    `<p><a href="${escape(input.url)}" style="display:inline-block;background:#0f5132;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(t("reportLinkAction"))}</a></p>`,
    `<p style="font-size:13px;color:#475569">${escape(t("orPaste", { url: input.url }))}</p>`,
    `</body></html>`,
  ].join("");
  return { to: input.to, subject: t("reportLinkSubject", { address: input.address }), text, html };
}
