"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useFormats } from "@/lib/i18n/use-formats";
import { INTL_TAG } from "@/lib/format";
import { averageRate, cashOutAvailable, helocAvailable, limitGap } from "@/lib/finance/borrowing";
import { interestOnlyPayment, monthlyPayment } from "@/lib/finance/payment";
import type { Offer, Offers } from "@/lib/services/platform/settings";
import { QuoteRequest, type QuoteRequestProps } from "@/components/leads/quote-request";
import type { Scenario as QuoteScenario } from "@/lib/leads/rules";

/** "Get a quote" on each scenario: the home and the officer it goes to (absent: the homeowner has no officer). */
export type QuoteTarget = Omit<QuoteRequestProps, "scenario">;

const toCents = (amount: number) => Math.round(amount * 100) / 100;

/** A monthly payment to the cent, in the reader's language: "$912.86" in both languages (es-US). */
function useCents(): (amount: number) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.NumberFormat(INTL_TAG[locale === "es" ? "es" : "en"], {
      style: "currency",
      currency: "USD",
    });
    return (amount: number) => format.format(amount);
  }, [locale]);
}

interface Home {
  /** The service's value. */
  value: number;
  /** Today's loans: the owner's figures where they gave some. */
  loanBalance: number;
  maxLtv: number;
  /** Whether `loanBalance` comes from the owner's figures. */
  yourFigures: boolean;
  /** The balance-weighted rate of the loans the owner gave a rate for. */
  loanRates: { balance: number; ratePercent?: number }[];
}

/**
 * A home equity line and a cash-out refinance at the organization's offers: an amount up to what is available, and
 * the monthly payment, recomputed in the browser as the amount moves (announced politely).
 */
export function BorrowingScenarios({ home, offers, quote }: { home: Home; offers: Offers; quote?: QuoteTarget }) {
  const t = useTranslations("Borrowing");
  const f = useFormats();
  const current = averageRate(home.loanRates);
  const cashOutNote = t("cashOutNote", { balance: f.usd(home.loanBalance), yours: String(home.yourFigures) });
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Scenario
        key={`heloc-${home.loanBalance}`}
        title={t("helocTitle")}
        what="heloc"
        offer={offers.heloc}
        available={helocAvailable(home.value, home.loanBalance, home.maxLtv)}
        home={home}
        payments={(amount) => [
          [
            t("helocRepaid", { years: offers.heloc.termYears }),
            monthlyPayment(amount, offers.heloc.ratePercent, offers.heloc.termYears),
          ],
          [t("helocInterestOnly"), interestOnlyPayment(amount, offers.heloc.ratePercent)],
        ]}
        note={t("helocNote")}
        quote={
          quote &&
          ((amount, available) => ({
            type: "heloc",
            amount,
            available: toCents(available),
            ratePercent: offers.heloc.ratePercent,
            termYears: offers.heloc.termYears,
            monthlyPayment: toCents(monthlyPayment(amount, offers.heloc.ratePercent, offers.heloc.termYears)),
          }))
        }
        target={quote}
      />
      <Scenario
        key={`cash-out-${home.loanBalance}`}
        title={t("cashOutTitle")}
        what="cashOut"
        offer={offers.cashOut}
        available={cashOutAvailable(home.value, home.loanBalance, home.maxLtv)}
        home={home}
        payments={(amount) => [
          [
            t("cashOutNewLoan", { amount: f.usd(home.loanBalance + amount), years: offers.cashOut.termYears }),
            monthlyPayment(home.loanBalance + amount, offers.cashOut.ratePercent, offers.cashOut.termYears),
          ],
        ]}
        note={
          current !== undefined
            ? `${cashOutNote} ${t("cashOutRate", { rate: f.percent(current, "rate") })}`
            : cashOutNote
        }
        quote={
          quote &&
          ((amount, available) => ({
            type: "cash_out",
            amount,
            available: toCents(available),
            loanBalance: toCents(home.loanBalance),
            ratePercent: offers.cashOut.ratePercent,
            termYears: offers.cashOut.termYears,
            monthlyPayment: toCents(
              monthlyPayment(home.loanBalance + amount, offers.cashOut.ratePercent, offers.cashOut.termYears),
            ),
          }))
        }
        target={quote}
      />
    </div>
  );
}

function Scenario({
  title,
  what,
  offer,
  available,
  home,
  payments,
  note,
  quote,
  target,
}: {
  title: string;
  /** Which scenario, for the sentence that says nothing is available for it. */
  what: "heloc" | "cashOut";
  offer: Offer;
  available: number;
  home: Home;
  payments: (amount: number) => [string, number][];
  note: string;
  /** The scenario's figures at an amount, for "Get a quote". */
  quote?: (amount: number, available: number) => QuoteScenario;
  target?: QuoteTarget;
}) {
  // Steps a keyboard can walk: $1,000 on large amounts; the amount ends on a step (at most a step under the limit).
  const step = available >= 10_000 ? 1_000 : available >= 1_000 ? 100 : 1;
  const max = Math.floor(available / step) * step;
  const t = useTranslations("Borrowing");
  const f = useFormats();
  const cents = useCents();
  const [amount, setAmount] = useState(max);
  const id = useId();
  // The first time the amount moves, the homeowner's officer learns that they tried borrowing (once per page view).
  const told = useRef(false);
  const tried = () => {
    if (told.current) return;
    told.current = true;
    void fetch("/api/engagement", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"kind":"borrowing_used"}',
      keepalive: true,
    }).catch(() => undefined);
  };
  const gap = limitGap(home.value, home.loanBalance, home.maxLtv);
  const yours = String(home.yourFigures);
  const b = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <article aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-slate-700">
        {t.rich("offeredAt", { rate: f.percent(offer.ratePercent, "rate"), years: offer.termYears, b })}
      </p>
      {max > 0 ? (
        <>
          <p className="text-sm text-slate-700">
            {t.rich("upTo", { amount: f.usd(available), yours, percent: f.percent(home.maxLtv * 100, "whole"), b })}
          </p>
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
              {t.rich("amount", { amount: f.usd(amount), b })}
            </label>
            <input
              id={`${id}-amount`}
              type="range"
              min={0}
              max={max}
              step={step}
              value={amount}
              onChange={(event) => {
                setAmount(Number(event.target.value));
                tried();
              }}
              aria-valuetext={f.usd(amount)}
              className="mt-2 w-full accent-brand-700"
            />
          </div>
          <div role="status" aria-live="polite">
            <dl className="space-y-1 rounded-lg bg-brand-50 p-3 text-sm">
              {payments(amount).map(([label, payment]) => (
                <div key={label} className="flex flex-wrap justify-between gap-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="font-semibold" data-testid="monthly-payment">
                    {t("perMonth", { payment: cents(payment) })}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      ) : (
        gap && (
          <p className="text-sm text-slate-800">
            {t("nothingFor", {
              what,
              ltv: f.percent(gap.ltv * 100, "ltv"),
              yours,
              max: f.percent(gap.maxLtv * 100, "whole"),
              value: f.usd(gap.valueNeeded),
              balance: f.usd(gap.balanceNeeded),
            })}
          </p>
        )
      )}
      <p className="text-xs text-slate-600">
        {note} {t("illustration")}
      </p>
      {quote && target && max > 0 && <QuoteRequest {...target} scenario={quote(amount, available)} />}
    </article>
  );
}
