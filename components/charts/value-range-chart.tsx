"use client";

import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { formatUsd } from "@/components/valuation/format";

export interface ValueRange {
  label: string;
  low: number;
  high: number;
}

const short = (n: number) => (n >= 1e6 ? `$${(n / 1e6).toFixed(1)}M` : `$${Math.round(n / 1000)}K`);

/** Floating bars for the estimate's range and the condition ranges, with the estimate marked. */
export default function ValueRangeChart({ ranges, value }: { ranges: ValueRange[]; value: number }) {
  const data = ranges.map((r) => ({ name: r.label, range: [r.low, r.high] as [number, number] }));
  const min = Math.min(...ranges.map((r) => r.low)) * 0.97;
  const max = Math.max(...ranges.map((r) => r.high)) * 1.03;
  return (
    <figure className="m-0">
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 24, bottom: 8 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e5e7eb" />
            <XAxis type="number" domain={[min, max]} tickFormatter={short} fontSize={12} />
            <YAxis type="category" dataKey="name" width={130} fontSize={12} />
            <Bar dataKey="range" fill="#16794c" radius={4} barSize={18} isAnimationActive={false} />
            <ReferenceLine x={value} stroke="#0f172a" strokeWidth={2} label={{ value: short(value), position: "top", fontSize: 12 }} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {ranges.map((r) => `${r.label}: ${formatUsd(r.low)} to ${formatUsd(r.high)}.`).join(" ")} Estimate {formatUsd(value)}.
      </figcaption>
    </figure>
  );
}
