"use client";

import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * The two series' colours: each reaches 3:1 against the white card (as a chart's marks must), and they differ from
 * each other in lightness. The legend's words are the page's text colour, not the series'.
 */
const USAGE_COLORS = { billable: "#0f5132", hits: "#1f9d55" } as const;

/** Billable requests and cache hits per day. */
export default function UsageChart({ days }: { days: { day: string; billable: number; hits: number }[] }) {
  const t = useTranslations("UsageChart");
  const f = useFormats();
  return (
    <figure className="m-0">
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ left: 0, right: 8, top: 8, bottom: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={40} tickFormatter={(value: number) => f.count(value)} />
            <Tooltip formatter={(value) => (typeof value === "number" ? f.count(value) : value)} />
            <Legend formatter={(name: string) => <span className="text-slate-800">{name}</span>} />
            <Bar dataKey="billable" name={t("billable")} fill={USAGE_COLORS.billable} isAnimationActive={false} />
            <Bar dataKey="hits" name={t("hits")} fill={USAGE_COLORS.hits} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {days.map((d) => t("day", { day: f.date(d.day), billable: d.billable, hits: d.hits })).join(" ")}
      </figcaption>
    </figure>
  );
}
