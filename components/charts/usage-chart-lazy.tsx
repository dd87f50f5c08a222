"use client";

import dynamic from "next/dynamic";

export const UsageChartLazy = dynamic(() => import("./usage-chart"), {
  ssr: false,
  loading: () => <div className="h-64 animate-pulse rounded-lg bg-slate-100" />,
});
