import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { historyLayout, type Box, type HistoryInput } from "./chart-geometry";
import { shortUsd } from "./short-usd";

const WIDE: Box = { width: 640, height: 240, left: 4, right: 12, top: 8, bottom: 2 };
const NARROW: Box = { width: 320, height: 220, left: 4, right: 8, top: 8, bottom: 2 };
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(2)}%`;
/** The series' colours; their names are the `Charts` namespace's (`sales`, `assessments`, `estimates`). */
export const SERIES = {
  sale: { color: "#b45309" },
  assessment: { color: "#475569" },
  estimate: { color: "#16794c" },
};

const Diamond = ({ x, y, r = 6 }: { x: number; y: number; r?: number }) => (
  <path
    d={`M${x},${y - r} L${x + r},${y} L${x},${y + r} L${x - r},${y} Z`}
    fill={SERIES.sale.color}
    stroke="white"
    strokeWidth={1.5}
  />
);

/** The legend's swatches: the marks drawn in the chart, so that shape, not colour alone, tells the series apart. */
export function Swatch({ kind }: { kind: keyof typeof SERIES | "range" }) {
  return (
    <svg width="22" height="14" viewBox="0 0 22 14" aria-hidden="true" className="shrink-0">
      {kind === "sale" && <Diamond x={11} y={7} />}
      {kind === "assessment" && (
        <>
          <line x1={0} y1={7} x2={22} y2={7} stroke={SERIES.assessment.color} strokeDasharray="4 3" strokeWidth={1.5} />
          <circle cx={11} cy={7} r={4} fill="white" stroke={SERIES.assessment.color} strokeWidth={2} />
        </>
      )}
      {kind === "estimate" && (
        <>
          <line x1={0} y1={7} x2={22} y2={7} stroke={SERIES.estimate.color} strokeWidth={2} />
          <circle cx={11} cy={7} r={4} fill={SERIES.estimate.color} />
        </>
      )}
      {kind === "range" && (
        <rect
          x={8}
          y={0}
          width={6}
          height={14}
          rx={2}
          fill={SERIES.estimate.color}
          fillOpacity={0.25}
          stroke={SERIES.estimate.color}
        />
      )}
    </svg>
  );
}

/** The marks as SVG, the labels as HTML laid over it: text keeps its size however narrow the chart gets. */
function Plot({ data, box, className, testId }: { data: HistoryInput; box: Box; className: string; testId?: string }) {
  const layout = historyLayout(data, box)!;
  const { locale } = useFormats();
  return (
    <div aria-hidden="true" className={`pt-4 text-[11px] text-slate-700 ${className}`}>
      <div className="relative">
        <svg viewBox={`0 0 ${box.width} ${box.height}`} className="block h-auto w-full" data-testid={testId}>
          {layout.yTicks.map((t) => (
            <line key={t.value} x1={box.left} x2={box.width - box.right} y1={t.y} y2={t.y} stroke="#e2e8f0" />
          ))}
          {layout.xTicks.map((t) => (
            <line key={t.label} x1={t.x} x2={t.x} y1={box.top} y2={box.height - box.bottom} stroke="#f1f5f9" />
          ))}
          <line
            x1={box.left}
            x2={box.width - box.right}
            y1={box.height - box.bottom}
            y2={box.height - box.bottom}
            stroke="#94a3b8"
          />
          {layout.range && (
            <rect
              x={layout.range.x - 5}
              y={layout.range.high}
              width={10}
              height={Math.max(2, layout.range.low - layout.range.high)}
              rx={3}
              fill={SERIES.estimate.color}
              fillOpacity={0.2}
              stroke={SERIES.estimate.color}
            />
          )}
          <path
            d={layout.assessmentPath}
            fill="none"
            stroke={SERIES.assessment.color}
            strokeDasharray="5 4"
            strokeWidth={1.5}
          />
          {layout.assessments.map((a) => (
            <circle
              key={a.year}
              cx={a.x}
              cy={a.y}
              r={4.5}
              fill="white"
              stroke={SERIES.assessment.color}
              strokeWidth={2}
            />
          ))}
          <path d={layout.estimatePath} fill="none" stroke={SERIES.estimate.color} strokeWidth={2} />
          {layout.estimates.map((e) => (
            <circle key={e.date} cx={e.x} cy={e.y} r={4.5} fill={SERIES.estimate.color} />
          ))}
          {layout.sales.map((s) => (
            <Diamond key={`${s.date}-${s.price}`} x={s.x} y={s.y} />
          ))}
        </svg>
        {layout.yTicks.map((t) => (
          <span
            key={t.value}
            className="absolute -translate-y-full leading-tight"
            style={{ left: pct(box.left, box.width), top: pct(t.y, box.height) }}
          >
            {shortUsd(t.value, locale)}
          </span>
        ))}
      </div>
      <div className="relative h-5">
        {layout.xTicks.map((t) => (
          <span key={t.label} className="absolute top-1 -translate-x-1/2" style={{ left: pct(t.x, box.width) }}>
            {t.label}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * A home's value over time, drawn on the server as SVG (no chart library reaches the browser): recorded sales,
 * the assessor's market values by year, and every Service Estimate the app has received, the latest with its range.
 * The drawing is hidden from screen readers; the legend and the table of figures beside it say the same.
 */
export function ValueHistoryChart({ data }: { data: HistoryInput }) {
  const t = useTranslations("Charts");
  if (!historyLayout(data, WIDE)) return null;
  const latest = data.estimates.at(-1);
  return (
    <figure className="m-0 space-y-3">
      {/* Wide on a desktop, taller on a phone: two drawings of one layout, CSS shows the one that fits. */}
      <Plot data={data} box={WIDE} className="hidden sm:block" testId="value-history-chart" />
      <Plot data={data} box={NARROW} className="sm:hidden" />
      <figcaption className="space-y-1 text-sm text-slate-700">
        <ul className="flex flex-wrap gap-x-5 gap-y-1" aria-label={t("legend")}>
          <li className="flex items-center gap-2">
            <Swatch kind="sale" /> {t("sales", { count: data.sales.length })}
          </li>
          <li className="flex items-center gap-2">
            <Swatch kind="assessment" /> {t("assessments", { count: data.assessments.length })}
          </li>
          <li className="flex items-center gap-2">
            <Swatch kind="estimate" /> {t("estimates", { count: data.estimates.length })}
          </li>
          {latest && (
            <li className="flex items-center gap-2">
              <Swatch kind="range" /> {t("latestRange")}
            </li>
          )}
        </ul>
        <p>{t("historyNote")}</p>
      </figcaption>
    </figure>
  );
}
