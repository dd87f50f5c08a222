import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { CATALOGUES } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";

/** A component under test with the whole catalogue of a language, as the app's layout gives it. */
export function withIntl(ui: ReactNode, locale: Locale = "en") {
  return (
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>
  );
}

/** A component's HTML in a language (English unless told). */
export const renderIntl = (ui: ReactNode, locale: Locale = "en") => renderToStaticMarkup(withIntl(ui, locale));
