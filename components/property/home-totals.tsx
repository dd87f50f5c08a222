import { Suspense } from "react";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { formatPercent, formatSignedUsd, formatUsd } from "@/lib/format";
import type { Brand } from "@/lib/env";
import type { HomeTotals, MonthChange } from "@/lib/services/totals";

/** The month's change, which needs each home's valuation: it streams in after the rest of the totals. */
export function MonthChangeSince({ change }: { change: Promise<MonthChange | undefined> }) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">Since last month: …</p>}>
      <MonthChangeLine change={change} />
    </Suspense>
  );
}

async function MonthChangeLine({ change }: { change: Promise<MonthChange | undefined> }) {
  const known = await change;
  return (
    <p data-testid="total-month-change" className="text-sm text-slate-800">
      {known ? (
        <>
          Since last month: <strong>{formatSignedUsd(known.amount)}</strong>
          {known.percent !== null && ` (${formatPercent(known.percent, "change")})`}
        </>
      ) : (
        "The change since last month is not available right now."
      )}
    </p>
  );
}

/**
 * The account's proved homes added up. The value is a sum of the service's estimates, so it is shown as one (with its
 * branding), and the month's change beside it; loans and equity are the owner's own figures.
 */
export function HomeTotalsPanel({ totals, change, brand }: { totals: HomeTotals; change: Promise<MonthChange | undefined>; brand: Brand }) {
  const { homes } = totals;
  return (
    <section aria-labelledby="totals-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="totals-title" className="text-xl font-semibold">
        All your verified homes together <span className="text-base font-normal text-slate-600">({homes === 1 ? "1 home" : `${homes} homes`})</span>
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <ServiceEstimate
          value={totals.value}
          low={totals.low}
          high={totals.high}
          confidence={totals.confidence}
          date={totals.date}
          brand={brand}
          variant="compact"
          id="totals-estimate"
        >
          <MonthChangeSince change={change} />
        </ServiceEstimate>
        <dl data-equity className="grid content-start gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">What you owe (all loans)</dt>
            <dd data-testid="total-loans" className="text-2xl font-bold">
              {formatUsd(totals.loans)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Your equity</dt>
            <dd data-testid="total-equity" className="text-2xl font-bold">
              {formatUsd(totals.equity)}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
