"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { StepUpDialog } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";

/**
 * What a staff page shows instead of its records when its read needs a step-up first (more than a page, or the
 * session's allowance spent): why, and the step-up dialog; once the factor is given, the page is drawn again with them.
 */
export function StepUpToRead() {
  const t = useTranslations("StepUpToRead");
  const router = useRouter();
  const id = useId();
  const [asking, setAsking] = useState<HTMLElement | null>();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="max-w-2xl space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-6"
    >
      <h1 id={`${id}-title`} className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="text-slate-800">{t("text")}</p>
      <Button type="button" onClick={(event) => setAsking(event.currentTarget)}>
        {t("confirm")}
      </Button>
      {asking !== undefined && (
        <StepUpDialog
          returnTo={asking}
          onConfirmed={() => {
            setAsking(undefined);
            router.refresh();
          }}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </section>
  );
}
