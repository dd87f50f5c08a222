import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { MessageFrame } from "@/components/admin/message-frame";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { LOCALE_NAMES } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/server";
import { LoadError } from "@/components/property/load-error";
import { requirePageUser } from "@/lib/api/page";
import { digestPreview, mailPreferencesOf } from "@/lib/services/portfolio/digests";
import { AppError, orAppError } from "@/lib/services/errors";
import { digestSender } from "../digest-sender";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("DigestPreview");
  return { title: t("title") };
}

/** This month's digest as the homeowner would receive it, in their language: what they choose to get or not. */
export default async function DigestPreviewPage() {
  const caller = await requirePageUser(["homeowner"], "/account/digest");
  const locale = await requestLocale();
  const [preview, sender, mail, t] = await Promise.all([
    orAppError(digestPreview(caller, locale)),
    digestSender(caller.user.id),
    mailPreferencesOf(caller.user.id),
    getTranslations("DigestPreview"),
  ]);
  // Mail goes out in the account's saved language (English until one is chosen), which may not be the page's.
  const mailLocale = caller.user.locale ?? "en";
  return (
    <div className="space-y-6">
      <Link href="/account#email" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        {t("back")}
      </Link>
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      {AppError.is(preview) ? (
        <LoadError title={t("failed")} error={preview} retryHref="/account/digest" />
      ) : preview ? (
        <>
          <p className="text-slate-700" data-testid="digest-about">
            {t.rich("intro", {
              who: sender.who,
              name: sender.name,
              on: String(mail.monthlyDigest),
              link: (chunks) => (
                <Link href="/account#email" className="font-medium text-brand-700 underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
          {mailLocale !== locale && (
            <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
              <p>{t("mailLanguage", { language: LOCALE_NAMES[mailLocale] })}</p>
              <LanguageSwitch />
            </div>
          )}
          <p className="text-sm text-slate-700">{t("subject", { subject: preview.subject })}</p>
          <MessageFrame title={preview.subject} html={preview.html} />
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {t("none")}
        </p>
      )}
    </div>
  );
}
