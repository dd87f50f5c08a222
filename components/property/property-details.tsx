import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ValueRangeChart } from "@/components/charts/value-range-chart";
import { BorrowingScenarios } from "@/components/equity/borrowing-scenarios";
import { EquityPanel } from "@/components/equity/equity-panel";
import { PrivateMessages, SectionMessages } from "@/components/i18n/client-messages";
import { OwnerFiguresPanel } from "@/components/equity/owner-figures-panel";
import { VerifyPanel } from "@/components/ownership/verify-panel";
import { PropertyFactsList } from "@/components/property/property-facts";
import { HomeRecords } from "@/components/records/home-records";
import { LoadError } from "@/components/property/load-error";
import { useFormats } from "@/lib/i18n/use-formats";
import { countyWord, type FactCatalogue } from "@/lib/i18n/fact-words";
import { loanKey } from "@/lib/finance/your-equity";
import { ServiceEstimate } from "@/components/valuation/service-estimate";
import type { Brand } from "@/lib/env";
import { AppError } from "@/lib/services/errors";
import type { HomeownerProperty } from "@/lib/services/homes/homes";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";
import { ContactOfficer } from "@/components/leads/contact-officer";
import type { LeadPanel } from "@/lib/services/leads/leads";
import type { OfficerCardDto } from "@/lib/services/portfolio/officers";
import { OfficerCard } from "@/components/officer/officer-card";

/**
 * One home's page, in the app and inside a partner's frame: the estimate, equity (or, before proof of ownership, the
 * way to prove it), the facts and the report. `back` is the link to the list of homes; `report` how the report is
 * handed over where the page runs (a progress bar in the app, a plain download in a frame).
 */
export function PropertyDetails({
  home,
  brand,
  back,
  report,
  records,
  retryHref,
  leads,
  card,
}: {
  home: HomeownerProperty;
  brand: Brand;
  back: ReactNode;
  report: ReactNode;
  /**
   * A proved owner's records of the home (value over time, comparables, loans), still loading: streamed in after the
   * rest.
   */
  records?: Promise<HomeRecordsDto | AppError>;
  retryHref: string;
  /**
   * The homeowner's officer and the consent's words, for "Ask a question", "Request a call" and "Get a quote" (none
   * without an officer).
   */
  leads?: LeadPanel | null;
  /** The homeowner's officer's card (none until their officer has an NMLS ID): the calls to action sit in it. */
  card?: OfficerCardDto | null;
}) {
  const t = useTranslations("PropertyDetails");
  const codes = useTranslations("FactCodes");
  const f = useFormats();
  const { property, equity, verification, estimate, yours } = home;
  const condition = yours?.figures.condition;
  const loanFigures = yours ? Object.keys(yours.figures.loans).length > 0 : false;
  const { facts } = property;
  const [street, ...rest] = facts.address.split(", ");
  const contactOfficer = (nested: boolean) =>
    leads && (
      <ContactOfficer
        propertyId={property.propertyId}
        officerName={leads.officerName}
        consentText={leads.consentText}
        sent={{ question: leads.today.question, call: leads.today.call }}
        nested={nested}
      />
    );
  return (
    <SectionMessages section="home">
      <div className="space-y-8">
        <div>
          {back}
          <h1 className="mt-2 text-3xl font-bold">{street}</h1>
          <p className="text-slate-700">
            {rest.join(", ")} · {countyWord(codes as unknown as FactCatalogue, facts.county)}
          </p>
        </div>

        {card ? (
          <OfficerCard card={card}>{leads && equity && contactOfficer(true)}</OfficerCard>
        ) : (
          leads && equity && contactOfficer(false)
        )}

        <section
          aria-labelledby="valuation-title"
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <h2 id="valuation-title" className="text-xl font-semibold">
            {t("worth")}
          </h2>
          {AppError.is(estimate) ? (
            <LoadError title={t("estimateFailed")} error={estimate} retryHref={retryHref} nested />
          ) : (
            <ServiceEstimate
              value={estimate.value}
              low={estimate.low}
              high={estimate.high}
              confidence={estimate.confidence}
              date={estimate.eventDate}
              brand={brand}
              id="valuation-estimate"
            >
              <div className="grid gap-6 md:grid-cols-2">
                <div className="space-y-3">
                  <p className="text-sm text-slate-700">
                    {t.rich("sinceLastMonth", {
                      amount: f.signedUsd(estimate.changeAmount),
                      percent: f.percent(estimate.changePercent, "change"),
                      b: (chunks) => (
                        <strong className={estimate.changeAmount >= 0 ? "text-brand-700" : "text-red-700"}>
                          {chunks}
                        </strong>
                      ),
                    })}
                  </p>
                  <dl className="grid gap-2 text-sm sm:grid-cols-3">
                    {(["poor", "good", "excellent"] as const).map((c) => (
                      <div
                        key={c}
                        className={`rounded-lg bg-white p-2 ${c === condition ? "ring-2 ring-brand-700" : ""}`}
                        data-condition={c}
                      >
                        <dt className="text-slate-600">
                          {t("inCondition", { condition: c })}
                          {c === condition && <strong className="block text-brand-700">{t("yours")}</strong>}
                        </dt>
                        <dd className="font-medium">
                          {f.usd(estimate.conditions[c].low)} – {f.usd(estimate.conditions[c].high)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
                <ValueRangeChart
                  value={estimate.value}
                  ranges={[
                    { label: t("estimateRange"), ...estimate },
                    { label: t("poor"), ...estimate.conditions.poor },
                    { label: t("good"), ...estimate.conditions.good },
                    { label: t("excellent"), ...estimate.conditions.excellent },
                  ]}
                />
              </div>
            </ServiceEstimate>
          )}
        </section>

        {equity ? (
          <section
            aria-labelledby="equity-title"
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
          >
            <h2 id="equity-title" className="text-xl font-semibold">
              {t("equity")}
            </h2>
            <PrivateMessages>
              <EquityPanel equity={yours?.equity ?? equity} orgMaxLtv={equity.maxLtv} yourFigures={loanFigures} />
            </PrivateMessages>
          </section>
        ) : (
          verification && <VerifyPanel state={verification} />
        )}

        {equity && records && (
          <HomeRecords
            records={records}
            brand={brand}
            home={{ livingSqft: facts.livingSqft, estimate: AppError.is(estimate) ? undefined : estimate }}
            retryHref={retryHref}
          />
        )}

        {equity && yours && (
          <section
            aria-labelledby="figures-title"
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
            data-equity
          >
            <h2 id="figures-title" className="text-xl font-semibold">
              {t("figures")}
            </h2>
            <PrivateMessages>
              <OwnerFiguresPanel propertyId={property.propertyId} loans={equity.loans} figures={yours.figures} />
            </PrivateMessages>
          </section>
        )}

        {equity && yours && (
          <section
            aria-labelledby="borrowing-title"
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
            data-equity
          >
            <h2 id="borrowing-title" className="text-xl font-semibold">
              {t("borrow")}
            </h2>
            <PrivateMessages>
              <BorrowingScenarios
                offers={yours.offers}
                quote={
                  leads
                    ? {
                        propertyId: property.propertyId,
                        officerName: leads.officerName,
                        consentText: leads.consentText,
                        sent: leads.today.quote,
                      }
                    : undefined
                }
                home={{
                  value: equity.estimate,
                  loanBalance: yours.equity.totalLoanBalance,
                  maxLtv: equity.maxLtv,
                  yourFigures: loanFigures,
                  loanRates: yours.equity.loans.map((loan) => ({
                    balance: loan.balance,
                    ratePercent: yours.figures.loans[loanKey(loan)]?.ratePercent,
                  })),
                }}
              />
            </PrivateMessages>
          </section>
        )}

        <section aria-labelledby="facts-title" className="space-y-4">
          <h2 id="facts-title" className="text-xl font-semibold">
            {t("facts")}
          </h2>
          <PropertyFactsList facts={facts} />
        </section>

        {equity && (
          <section
            aria-labelledby="report-title"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6"
          >
            <h2 id="report-title" className="text-xl font-semibold">
              {t("report")}
            </h2>
            <p className="text-sm text-slate-700">{t("reportText")}</p>
            {report}
          </section>
        )}
      </div>
    </SectionMessages>
  );
}
