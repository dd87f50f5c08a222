import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { shortUsd } from "./short-usd";

export interface ValueRange {
  label: string;
  low: number;
  high: number;
}

const BAR = "#16794c";
const TICKS = 4;

/**
 * Floating bars for the estimate's range and the condition ranges, with the estimate marked. Plain markup drawn on
 * the server: no chart library reaches the browser for four bars (recharts cost the property page 1.7 s of blocked
 * main thread under Lighthouse). Screen readers get the figures from the caption.
 */
export function ValueRangeChart({ ranges, value }: { ranges: ValueRange[]; value: number }) {
  const t = useTranslations("Charts");
  const f = useFormats();
  const min = Math.min(value, ...ranges.map((r) => r.low)) * 0.97;
  const max = Math.max(value, ...ranges.map((r) => r.high)) * 1.03;
  const at = (n: number) => ((n - min) / (max - min)) * 100;
  const ticks = Array.from({ length: TICKS }, (_, i) => min + ((max - min) * i) / (TICKS - 1));
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="flex text-xs text-slate-700">
        <div className="w-24 shrink-0 pt-6 pr-2 text-right leading-tight sm:w-32 sm:pr-3">
          {ranges.map((r) => (
            <div key={r.label} className="flex h-8 items-center justify-end">
              {r.label}
            </div>
          ))}
        </div>
        <div className="relative min-w-0 flex-1 pr-4">
          <div className="relative h-6">
            <span
              className="absolute bottom-1 -translate-x-1/2 font-semibold text-slate-900"
              style={{ left: `${at(value)}%` }}
            >
              {shortUsd(value, f.locale)}
            </span>
          </div>
          <div className="relative border-b border-slate-300">
            {ticks.map((tick) => (
              <div
                key={tick}
                className="absolute inset-y-0 border-l border-slate-200"
                style={{ left: `${at(tick)}%` }}
              />
            ))}
            {ranges.map((r) => (
              <div key={r.label} className="relative flex h-8 items-center">
                <div
                  className="absolute h-[18px] rounded"
                  style={{ left: `${at(r.low)}%`, width: `${at(r.high) - at(r.low)}%`, backgroundColor: BAR }}
                />
              </div>
            ))}
            <div
              className="absolute -top-1 bottom-0 w-0.5 -translate-x-1/2 bg-slate-900"
              style={{ left: `${at(value)}%` }}
            />
          </div>
          <div className="relative h-5">
            {ticks.map((tick, i) => (
              // On a phone only the two ends are labelled: four would run into each other; so do Spanish's longer
              // amounts ("679 mil US$") in the half-width chart of a desktop.
              <span
                key={tick}
                className={`absolute top-1 ${i === 0 ? "" : i === TICKS - 1 ? "-translate-x-full" : f.locale === "es" ? "hidden" : "hidden -translate-x-1/2 sm:inline"}`}
                style={{ left: `${at(tick)}%` }}
              >
                {shortUsd(tick, f.locale)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="sr-only">
        {[
          ...ranges.map((r) => t("rangeLine", { label: r.label, low: f.usd(r.low), high: f.usd(r.high) })),
          t("rangeEstimate", { value: f.usd(value) }),
        ].join(" ")}
      </figcaption>
    </figure>
  );
}
