import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { niceTicks, scale, type Box } from "./chart-geometry";
import { shortUsd } from "./short-usd";

export interface ClientFigure {
  value: number;
  balance: number;
  refreshedAt: string;
}

const BOX: Box = { width: 320, height: 140, left: 4, right: 8, top: 8, bottom: 4 };
/** Room at the left for the amounts written over the grid lines ("400 mil US$"): the lines start past them. */
const GUTTER = 64;
const COLORS = { value: "#16794c", balance: "#475569" };
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(2)}%`;

/** Where the two lines run: the home's value and the loans, on one scale from the lowest tick to the highest. */
export function figuresLayout(points: ClientFigure[], box: Box = BOX) {
  if (points.length < 2) return undefined;
  const times = points.map((p) => Date.parse(p.refreshedAt));
  const amounts = points.flatMap((p) => [p.value, p.balance]);
  const ticks = niceTicks(Math.min(...amounts), Math.max(...amounts), 4);
  const x = scale([Math.min(...times), Math.max(...times)], [box.left + GUTTER, box.width - box.right]);
  const y = scale([ticks[0]!, ticks.at(-1)!], [box.height - box.bottom, box.top]);
  const line = (key: "value" | "balance") =>
    points.map((p, i) => `${i ? "L" : "M"}${x(times[i]!).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  return { value: line("value"), balance: line("balance"), ticks: ticks.map((value) => ({ value, y: y(value) })) };
}

/**
 * A client's home value and loans at each refresh: a small line drawing made on the server (no chart library reaches
 * the browser), hidden from screen readers, and the table of the same figures under it.
 */
export function ClientFiguresChart({ points }: { points: ClientFigure[] }) {
  const t = useTranslations("ClientPage");
  const f = useFormats();
  const layout = figuresLayout(points);
  const newestFirst = [...points].reverse();
  return (
    <figure className="m-0 space-y-2">
      {layout && (
        <div aria-hidden="true" className="text-[11px] text-slate-700">
          <div className="relative">
            <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} className="block h-auto w-full" data-testid="client-chart">
              {layout.ticks.map((tick) => (
                <line
                  key={tick.value}
                  x1={BOX.left}
                  x2={BOX.width - BOX.right}
                  y1={tick.y}
                  y2={tick.y}
                  stroke="#e2e8f0"
                />
              ))}
              <path d={layout.balance} fill="none" stroke={COLORS.balance} strokeWidth={2} strokeDasharray="5 4" />
              <path d={layout.value} fill="none" stroke={COLORS.value} strokeWidth={2.5} />
            </svg>
            {layout.ticks.map((tick) => (
              <span
                key={tick.value}
                className="absolute -translate-y-full leading-tight"
                style={{ left: pct(BOX.left, BOX.width), top: pct(tick.y, BOX.height) }}
              >
                {shortUsd(tick.value, f.locale)}
              </span>
            ))}
          </div>
          <div className="flex justify-between pt-1" style={{ paddingLeft: pct(GUTTER, BOX.width) }}>
            <span>{f.month(points[0]!.refreshedAt)}</span>
            <span>{f.month(points.at(-1)!.refreshedAt)}</span>
          </div>
        </div>
      )}
      {layout && (
        <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          <span className="flex items-center gap-1.5">
            <svg width="22" height="8" aria-hidden="true">
              <line x1={0} x2={22} y1={4} y2={4} stroke={COLORS.value} strokeWidth={2.5} />
            </svg>
            {t("seriesValue")}
          </span>
          <span className="flex items-center gap-1.5">
            <svg width="22" height="8" aria-hidden="true">
              <line x1={0} x2={22} y1={4} y2={4} stroke={COLORS.balance} strokeWidth={2} strokeDasharray="5 4" />
            </svg>
            {t("seriesBalance")}
          </span>
        </figcaption>
      )}
      <details className="text-sm" open={!layout}>
        <summary className="cursor-pointer text-brand-700 underline">
          {t("historyTable", { count: points.length })}
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{t("historyCaption")}</caption>
          <thead>
            <tr className="border-b text-xs text-slate-600">
              <th scope="col" className="py-1 font-medium">
                {t("refreshed")}
              </th>
              <th scope="col" className="py-1 pl-3 text-right font-medium">
                {t("seriesValue")}
              </th>
              <th scope="col" className="py-1 pl-3 text-right font-medium">
                {t("seriesBalance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((p) => (
              <tr key={p.refreshedAt} className="border-b border-slate-100">
                <td className="py-1">{f.date(p.refreshedAt)}</td>
                <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{f.usd(p.value)}</td>
                <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{f.usd(p.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
