"use client";

import { useTranslations } from "next-intl";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";

/**
 * What a page shows when it could not be loaded: an outage of ours said plainly, anything else as a retryable failure.
 */
export function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const unavailable = error.digest === UNAVAILABLE_DIGEST;
  const t = useTranslations("PageError");
  const common = useTranslations("Common");
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h1 className="text-xl font-semibold">{unavailable ? t("unavailableTitle") : t("failedTitle")}</h1>
      <p className="mt-2">{unavailable ? t("unavailableBody") : t("failedBody")}</p>
      <button type="button" onClick={retry} className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
        {common("tryAgain")}
      </button>
    </div>
  );
}
