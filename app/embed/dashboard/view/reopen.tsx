import { useTranslations } from "next-intl";

/**
 * Inside the partner's frame without the member's session (expired, or the cookie blocked): back to the bank's site.
 */
export function ReopenFromPartner() {
  const t = useTranslations("EmbedDashboard");
  return (
    <main className="p-6">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p role="alert" className="mt-2">
        {t("reopen")}
      </p>
    </main>
  );
}
