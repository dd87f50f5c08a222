"use client";

import { PageError } from "@/components/ui/page-error";

/** The partner's frame has no site chrome around it, so the failure gets the padding the page would have had. */
export default function PartnerDashboardError(props: Parameters<typeof PageError>[0]) {
  return (
    <main className="p-6">
      <PageError {...props} />
    </main>
  );
}
