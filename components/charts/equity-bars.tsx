import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { shortUsd } from "./short-usd";

/**
 * Loans, equity and what could be borrowed, side by side: three bars in plain markup, redrawn as the what-if slider
 * moves without loading a chart library. Screen readers get the figures from the caption.
 */
export function EquityBars({ loans, equity, available }: { loans: number; equity: number; available: number }) {
  const t = useTranslations("Charts");
  const f = useFormats();
  const bars = [
    { name: t("loans"), value: loans, color: "#94a3b8" },
    { name: t("equity"), value: equity, color: "#16794c" },
    { name: t("available"), value: available, color: "#4ade80" },
  ];
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="text-xs text-slate-700">
        <div className="flex h-52 items-end gap-6 border-b border-slate-300 px-4">
          {bars.map((bar) => (
            <div key={bar.name} className="flex h-full flex-1 flex-col items-center justify-end">
              <span className="mb-1 font-medium text-slate-900">{shortUsd(bar.value, f.locale)}</span>
              <div
                className="w-full max-w-20 rounded-t"
                style={{ height: `${(Math.max(0, bar.value) / top) * 85}%`, backgroundColor: bar.color }}
              />
            </div>
          ))}
        </div>
        <div className="flex gap-6 px-4 pt-1">
          {bars.map((bar) => (
            <span key={bar.name} className="flex-1 text-center">
              {bar.name}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="sr-only">
        {t("equityCaption", { loans: f.usd(loans), equity: f.usd(equity), available: f.usd(available) })}
      </figcaption>
    </figure>
  );
}
