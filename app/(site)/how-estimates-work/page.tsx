import type { Metadata } from "next";
import { brand } from "@/lib/env";

export const metadata: Metadata = { title: "How estimates are made" };

export default function HowEstimatesWorkPage() {
  return (
    <article className="max-w-2xl space-y-4">
      <h1 className="text-3xl font-bold">How the Service Estimate is made</h1>
      <p>
        The Service Estimate comes from {brand.provider}. It starts from recent sales of similar homes nearby: homes of the same kind, of a similar size and
        age, sold in the last two years. Each sale is brought to today with the local price index and adjusted for the differences in size, quality, condition
        and age between that home and yours. The estimate weighs the closest and most similar sales most.
      </p>
      <p>
        The range shows how much those sales disagree. When they agree closely, the range is narrow and the confidence score high; when there are few of them,
        or they tell different stories, the range widens and the score drops. Below a score of 50 we show only the range.
      </p>
      <p>{brand.disclaimer}</p>
    </article>
  );
}
