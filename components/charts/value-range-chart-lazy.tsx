"use client";

import dynamic from "next/dynamic";

/** recharts loads only where a chart is drawn, after the page's own content. */
export const ValueRangeChartLazy = dynamic(() => import("./value-range-chart"), {
  ssr: false,
  loading: () => <div className="h-56 animate-pulse rounded-lg bg-slate-100" />,
});
