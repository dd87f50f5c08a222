"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

/**
 * "English" / "Español", each named in its own language (and marked so, for a screen reader's voice); `compact`, the
 * header's, offers only the other one. The choice is
 * kept in a cookie, and on the account when signed in (its mail follows it); the page then renders again in it.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("LanguageSwitch");
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);

  async function choose(locale: Locale) {
    setFailed(false);
    const response = await fetch("/api/locale", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale }),
    }).catch(() => undefined);
    if (!response?.ok) return setFailed(true);
    startTransition(() => router.refresh());
  }

  const failure = failed && (
    <span role="alert" className="text-red-700">
      {t("failed")}
    </span>
  );

  // The header's: only the other language, named in it, as bilingual sites put it ("Español" on an English page).
  if (compact)
    return (
      <span className="text-sm">
        {LOCALES.filter((locale) => locale !== current).map((locale) => (
          <button
            key={locale}
            type="button"
            lang={locale}
            disabled={pending}
            aria-busy={pending}
            onClick={() => void choose(locale)}
            className="font-medium text-slate-700 underline-offset-4 hover:underline"
          >
            {LOCALE_NAMES[locale]}
          </button>
        ))}
        {failure}
      </span>
    );

  return (
    <div role="group" aria-label={t("label")} className="flex items-center gap-1 text-sm" aria-busy={pending}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          disabled={pending}
          // The page's own language chosen again still saves it (on an account that chose none, its mail follows).
          onClick={() => void choose(locale)}
          className="rounded px-1.5 py-0.5 font-medium text-slate-700 underline-offset-4 hover:underline aria-pressed:bg-slate-100 aria-pressed:text-slate-900"
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
      {failure}
    </div>
  );
}
