import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { scatterLayout, type Box } from "./chart-geometry";
import { shortUsd } from "./short-usd";

const BOX: Box = { width: 360, height: 220, left: 4, right: 10, top: 10, bottom: 4 };
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(2)}%`;
const SALE = "#475569";
const HOME = "#16794c";

/**
 * Price against living area for the comparable sales, with the home marked at its estimate: drawn on the server as
 * SVG. The table of comparables next to it is the accessible equivalent; the caption sums it up.
 */
export function ComparablesScatter({
  sales,
  home,
}: {
  sales: { sqft: number; price: number }[];
  home?: { sqft: number; price: number };
}) {
  const t = useTranslations("Charts");
  const f = useFormats();
  const layout = scatterLayout(sales, home, BOX);
  if (!layout) return null;
  return (
    <figure className="m-0 space-y-2">
      {/* The marks are SVG, the labels HTML laid over it: text keeps its size however narrow the chart gets. */}
      <div aria-hidden="true" className="pt-4 text-[11px] text-slate-700">
        <div className="relative">
          <svg
            viewBox={`0 0 ${BOX.width} ${BOX.height}`}
            className="block h-auto w-full"
            data-testid="comparables-scatter"
          >
            {layout.yTicks.map((tick) => (
              <line
                key={tick.value}
                x1={BOX.left}
                x2={BOX.width - BOX.right}
                y1={tick.y}
                y2={tick.y}
                stroke="#e2e8f0"
              />
            ))}
            {layout.xTicks.map((tick) => (
              <line
                key={tick.value}
                x1={tick.x}
                x2={tick.x}
                y1={BOX.top}
                y2={BOX.height - BOX.bottom}
                stroke="#e2e8f0"
              />
            ))}
            {layout.points.map((p, i) => (
              <circle key={i} cx={p.x} cy={p.y} r={5} fill={SALE} fillOpacity={0.75} />
            ))}
            {layout.home && (
              <path
                d={`M${layout.home.x},${layout.home.y - 8} L${layout.home.x + 8},${layout.home.y} L${layout.home.x},${layout.home.y + 8} L${layout.home.x - 8},${layout.home.y} Z`}
                fill={HOME}
                stroke="white"
                strokeWidth={1.5}
              />
            )}
          </svg>
          {layout.yTicks.map((tick) => (
            <span
              key={tick.value}
              className="absolute -translate-y-full leading-tight"
              style={{ left: pct(BOX.left, BOX.width), top: pct(tick.y, BOX.height) }}
            >
              {shortUsd(tick.value, f.locale)}
            </span>
          ))}
        </div>
        <div className="relative h-5">
          {layout.xTicks.map((tick, i) => (
            <span
              key={tick.value}
              className={`absolute top-1 ${i === 0 ? "" : i === layout.xTicks.length - 1 ? "-translate-x-full" : "-translate-x-1/2"}`}
              style={{ left: pct(tick.x, BOX.width) }}
            >
              {f.count(tick.value)}
            </span>
          ))}
        </div>
        <p className="text-center">{t("livingAreaAxis")}</p>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="flex items-center gap-2">
          <svg width="12" height="12" aria-hidden="true" className="shrink-0">
            <circle cx={6} cy={6} r={5} fill={SALE} fillOpacity={0.75} />
          </svg>
          {t("comparableSales", { count: sales.length })}
        </span>
        {home && (
          <span className="flex items-center gap-2">
            <svg width="14" height="14" aria-hidden="true" className="shrink-0">
              <path d="M7,0 L14,7 L7,14 L0,7 Z" fill={HOME} />
            </svg>
            {t("thisHome", { sqft: f.count(home.sqft) })}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
