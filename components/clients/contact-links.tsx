import { useTranslations } from "next-intl";
import { phoneDisplay } from "@/lib/format/phone";

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap";

/**
 * One tap to call a client (their phone in national format, `tel:`) or to mail them: the first screen's actions and the
 * client list's cards. What is not on file is said, not left out.
 */
export function ContactLinks({
  name,
  phone,
  email,
  compact = false,
}: {
  name: string;
  phone: string | null;
  email: string | null;
  /** The list's cards: small links, the call first. */
  compact?: boolean;
}) {
  const t = useTranslations("ClientContact");
  const shown = phoneDisplay(phone);
  const call = shown?.href ? (
    <a
      href={shown.href}
      data-testid="call-client"
      aria-label={t("callName", { name, phone: shown.text })}
      className={
        compact ? "font-semibold text-brand-700 underline" : `${BUTTON} bg-brand-700 text-white hover:bg-brand-900`
      }
    >
      {t("call", { phone: shown.text })}
    </a>
  ) : shown ? (
    <span className="text-slate-700">{shown.text}</span>
  ) : (
    <span className="text-slate-600">{t("noPhone")}</span>
  );
  const mail = email ? (
    <a
      href={`mailto:${email}`}
      aria-label={t("mailName", { name })}
      className={
        compact
          ? "inline-flex min-h-6 min-w-0 items-center break-all text-brand-700 underline"
          : `${BUTTON} border border-brand-700 text-brand-700 hover:bg-brand-50`
      }
    >
      {compact ? email : t("mail")}
    </a>
  ) : compact ? null : (
    <span className="text-sm text-slate-600">{t("noEmail")}</span>
  );
  return (
    <p className={compact ? "flex min-w-0 flex-wrap gap-x-3 text-xs" : "flex flex-wrap items-center gap-2"}>
      {call}
      {mail}
    </p>
  );
}
