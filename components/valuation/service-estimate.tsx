import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buildEstimateContent, type EstimateInput, type EstimateWords } from "@/lib/format/estimate-core";
import { useFormats } from "@/lib/i18n/use-formats";

export { LOW_CONFIDENCE } from "@/lib/format/estimate-core";

export interface ServiceEstimateProps extends Omit<EstimateInput, "compact"> {
  /** `compact` for cards: the same facts in less room. */
  variant?: "full" | "compact";
  /** A heading id, when several estimates share a page. */
  id?: string;
  /** More about this estimate (its change, condition ranges, a chart), shown inside the branded box. */
  children?: ReactNode;
}

/**
 * The only way the app shows a valuation: every part the service's branding rule requires
 * (lib/i18n/estimate-content.ts), in one box that carries `data-testid="service-estimate"`, in the reader's language
 * (the `Estimate` namespace).
 */
export function ServiceEstimate({
  variant = "full",
  id = "service-estimate",
  children,
  ...estimate
}: ServiceEstimateProps) {
  const compact = variant === "compact";
  const t = useTranslations("Estimate");
  const words: EstimateWords = (key, values) => t(key, values);
  const content = buildEstimateContent({ ...estimate, compact }, words, useFormats());
  const Heading = compact ? "h3" : "h2";
  return (
    <section
      data-testid="service-estimate"
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border border-brand-700/30 bg-brand-50 ${compact ? "p-3" : "p-5"}`}
    >
      <Heading id={`${id}-title`} className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {content.title}
      </Heading>
      <p className={`${compact ? "text-2xl" : "text-3xl"} mt-1 font-bold`}>{content.headline}</p>
      <p className="mt-1 text-sm text-slate-700">{content.detail}</p>
      {children && <div className="mt-4">{children}</div>}
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-800">
        {/* eslint-disable-next-line @next/next/no-img-element -- the logo may be any configured URL */}
        <img src={content.attribution.logoUrl} alt="" width={16} height={16} />
        <span>
          {content.attribution.prefix} <strong>{content.attribution.provider}</strong>
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {content.disclaimer}{" "}
        <a href={content.methodology.href} className="underline">
          {content.methodology.text}
        </a>
      </p>
    </section>
  );
}
