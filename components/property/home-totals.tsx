import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import { getFormats } from "@/lib/i18n/server";
import { useFormats } from "@/lib/i18n/use-formats";
import type { Brand } from "@/lib/env";
import type { HomeTotals, MonthChange } from "@/lib/services/homes/totals";

/** The month's change, which needs each home's valuation: it streams in after the rest of the totals. */
export function MonthChangeSince({ change }: { change: Promise<MonthChange | undefined> }) {
  const t = useTranslations("HomeTotals");
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">{t("sinceLastMonthPending")}</p>}>
      <MonthChangeLine change={change} />
    </Suspense>
  );
}

async function MonthChangeLine({ change }: { change: Promise<MonthChange | undefined> }) {
  const [known, t, f] = await Promise.all([change, getTranslations("HomeTotals"), getFormats()]);
  const b = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <p data-testid="total-month-change" className="text-sm text-slate-800">
      {!known
        ? t("changeUnknown")
        : known.percent === null
          ? t.rich("sinceLastMonth", { amount: f.signedUsd(known.amount), b })
          : t.rich("sinceLastMonthPercent", {
              amount: f.signedUsd(known.amount),
              percent: f.percent(known.percent, "change"),
              b,
            })}
    </p>
  );
}

/**
 * The account's proved homes added up. The value is a sum of the service's estimates, so it is shown as one (with its
 * branding), and the month's change beside it; loans and equity are the owner's own figures.
 */
export function HomeTotalsPanel({
  totals,
  change,
  brand,
}: {
  totals: HomeTotals;
  change: Promise<MonthChange | undefined>;
  brand: Brand;
}) {
  const { homes } = totals;
  const t = useTranslations("HomeTotals");
  const f = useFormats();
  return (
    <section
      aria-labelledby="totals-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="totals-title" className="text-xl font-semibold">
        {t("title")} <span className="text-base font-normal text-slate-600">{t("homes", { count: homes })}</span>
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
            <dt className="text-sm text-slate-600">{t("owed")}</dt>
            <dd data-testid="total-loans" className="text-2xl font-bold">
              {f.usd(totals.loans)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("equity")}</dt>
            <dd data-testid="total-equity" className="text-2xl font-bold">
              {f.usd(totals.equity)}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
