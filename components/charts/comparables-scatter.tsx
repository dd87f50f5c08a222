import { scatterLayout, type Box } from "./chart-geometry";
import { shortUsd } from "./short-usd";

const BOX: Box = { width: 360, height: 240, left: 52, right: 14, top: 12, bottom: 40 };
const SALE = "#475569";
const HOME = "#16794c";

/**
 * Price against living area for the comparable sales, with the home marked at its estimate: drawn on the server as
 * SVG. The table of comparables next to it is the accessible equivalent; the caption sums it up.
 */
export function ComparablesScatter({ sales, home }: { sales: { sqft: number; price: number }[]; home?: { sqft: number; price: number } }) {
  const layout = scatterLayout(sales, home, BOX);
  if (!layout) return null;
  return (
    <figure className="m-0 space-y-2">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} className="h-auto w-full max-w-md" aria-hidden="true" data-testid="comparables-scatter">
        {layout.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={t.y} y2={t.y} stroke="#e2e8f0" />
            <text x={BOX.left - 6} y={t.y + 4} textAnchor="end" fontSize={11} fill="#334155">
              {shortUsd(t.value)}
            </text>
          </g>
        ))}
        {layout.xTicks.map((t) => (
          <g key={t.value}>
            <line x1={t.x} x2={t.x} y1={BOX.top} y2={BOX.height - BOX.bottom} stroke="#f1f5f9" />
            <text x={t.x} y={BOX.height - BOX.bottom + 15} textAnchor="middle" fontSize={11} fill="#334155">
              {t.value.toLocaleString("en-US")}
            </text>
          </g>
        ))}
        <text x={(BOX.left + BOX.width - BOX.right) / 2} y={BOX.height - 4} textAnchor="middle" fontSize={11} fill="#334155">
          Living area (sq ft)
        </text>
        {layout.points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={5} fill={SALE} fillOpacity={0.75} />
        ))}
        {layout.home && (
          <g>
            <path
              d={`M${layout.home.x},${layout.home.y - 8} L${layout.home.x + 8},${layout.home.y} L${layout.home.x},${layout.home.y + 8} L${layout.home.x - 8},${layout.home.y} Z`}
              fill={HOME}
              stroke="white"
              strokeWidth={1.5}
            />
          </g>
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="flex items-center gap-2">
          <svg width="12" height="12" aria-hidden="true">
            <circle cx={6} cy={6} r={5} fill={SALE} fillOpacity={0.75} />
          </svg>
          Comparable sales: price against living area ({sales.length})
        </span>
        {home && (
          <span className="flex items-center gap-2">
            <svg width="14" height="14" aria-hidden="true">
              <path d="M7,0 L14,7 L7,14 L0,7 Z" fill={HOME} />
            </svg>
            This home at its Service Estimate ({home.sqft.toLocaleString("en-US")} sq ft)
          </span>
        )}
      </figcaption>
    </figure>
  );
}
