"use client";

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatUsd } from "@/components/valuation/format";

const short = (n: number) => (Math.abs(n) >= 1e6 ? `$${(n / 1e6).toFixed(1)}M` : `$${Math.round(n / 1000)}K`);

/** Loans, equity and what could be borrowed, side by side. */
export default function EquityChart({ loans, equity, available }: { loans: number; equity: number; available: number }) {
  const data = [
    { name: "Loans", value: loans, color: "#94a3b8" },
    { name: "Equity", value: equity, color: "#16794c" },
    { name: "Available", value: available, color: "#4ade80" },
  ];
  return (
    <figure className="m-0">
      <div className="h-52 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: 8, right: 8, top: 8, bottom: 8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="name" fontSize={12} />
            <YAxis tickFormatter={short} fontSize={12} width={60} />
            <Tooltip formatter={(v) => formatUsd(Number(v))} />
            <Bar dataKey="value" radius={4} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        Loans {formatUsd(loans)}, equity {formatUsd(equity)}, available to borrow {formatUsd(available)}.
      </figcaption>
    </figure>
  );
}
