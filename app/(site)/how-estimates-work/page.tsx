import type { Metadata } from "next";
import { useLocale, useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { brandDisclaimer, type EstimateWords } from "@/lib/format/estimate-core";
import { brand } from "@/lib/env";
import { isLocale } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("HowEstimates");
  return { title: t("title") };
}

export default function HowEstimatesWorkPage() {
  const t = useTranslations("HowEstimates");
  const estimate = useTranslations("Estimate");
  const locale = useLocale();
  const words: EstimateWords = (key, values) => estimate(key, values);
  return (
    <article className="max-w-2xl space-y-4">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      <p>{t("sales", { provider: brand.provider })}</p>
      <p>{t("range")}</p>
      <p>{brandDisclaimer(brand, isLocale(locale) ? locale : "en", words)}</p>
    </article>
  );
}
