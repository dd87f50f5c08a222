import { StepUpDownloadButton } from "@/components/auth/step-up-download";

/** "Download clients (CSV)": customer records leaving the app, so it asks for the second factor when it is not recent. */
export function ExportClientsButton() {
  return <StepUpDownloadButton path="/api/clients/export" fallbackName="clients.csv" label="Download clients (CSV)" />;
}
