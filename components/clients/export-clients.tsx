import { useTranslations } from "next-intl";
import { StepUpDownloadButton } from "@/components/auth/step-up-download";

/**
 * "Download clients (CSV)": customer records leaving the app, so it asks for the second factor when it is not recent.
 */
export function ExportClientsButton() {
  const t = useTranslations("Clients");
  return <StepUpDownloadButton path="/api/clients/export" fallbackName="clients.csv" label={t("export")} />;
}
