"use client";

import type { Route } from "next";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { SecondFactorForm } from "@/components/auth/second-factor-form";
import { safeCallbackPath } from "@/lib/security/safe-path";

/** Finishes a sign-in with the account's second factor, then on to where the person was going. */
export function VerifyForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("SecondFactor");
  const router = useRouter();
  return (
    <SecondFactorForm
      idPrefix="verify"
      submitLabel={t("verifyTitle")}
      onDone={() => {
        router.push(safeCallbackPath(callbackUrl) as Route);
        router.refresh();
      }}
    />
  );
}
