import { getRequestConfig } from "next-intl/server";
import { CATALOGUES } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

/** next-intl's configuration for each request: its language (lib/i18n/server.ts) and that language's catalogue. */
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: CATALOGUES[locale], timeZone: "UTC" };
});
