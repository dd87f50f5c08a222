import type { AvmResponseWire, HomeEquitySummaryWire } from "@/lib/property-api";
import type { Loan } from "./dataset/types";
import type { Valuation } from "./valuation";

export interface Equity {
  value: number;
  high: number;
  low: number;
  totalLoanBalance: number;
  totalEquity: number;
  ltv: number;
  availableEquity: number;
  availableEquityHigh: number;
  availableEquityLow: number;
  maxLTV: number;
  loans: Loan[];
}

/** Equity by the field reference: value − loans; LTV = loans / value; available = value × maxLTV − loans, ≥ 0. */
export function computeEquity(
  valuation: Pick<Valuation, "value" | "high" | "low">,
  loans: Loan[],
  maxLTV: number,
): Equity {
  const totalLoanBalance = loans.reduce((sum, loan) => sum + loan.balance, 0);
  const available = (value: number) => Math.max(0, value * maxLTV - totalLoanBalance);
  return {
    value: valuation.value,
    high: valuation.high,
    low: valuation.low,
    totalLoanBalance,
    totalEquity: valuation.value - totalLoanBalance,
    ltv: valuation.value > 0 ? totalLoanBalance / valuation.value : 0,
    availableEquity: available(valuation.value),
    availableEquityHigh: available(valuation.high),
    availableEquityLow: available(valuation.low),
    maxLTV,
    loans,
  };
}

const money = (value: number) => value.toFixed(2);

function loanEntry(loans: Loan[], position: Loan["position"]) {
  const loan = loans.find((l) => l.position === position);
  return loan
    ? { exists: true, balance: money(loan.balance), ID: loan.id }
    : { exists: false, balance: null, ID: null };
}

/** The spec's home equity summary: money as strings, equity fields beside `Home Value Summary`. */
export function equityResponse(equity: Equity): HomeEquitySummaryWire {
  return {
    "Home Value Summary": { serviceEstimate: money(equity.value), high: money(equity.high), low: money(equity.low) },
    availableEquity: money(equity.availableEquity),
    totalEquity: money(equity.totalEquity),
    LTV: equity.ltv.toFixed(4),
    availableEquityRange: { high: money(equity.availableEquityHigh), low: money(equity.availableEquityLow) },
    totalLoanBalance: money(equity.totalLoanBalance),
    totalLoanCount: equity.loans.length,
    "Current Loans": {
      primaryMortgage: loanEntry(equity.loans, 1),
      secondHomeLoan: loanEntry(equity.loans, 2),
      thirdHomeLoan: loanEntry(equity.loans, 3),
    },
  };
}

const round = (value: number, step = 1000) => Math.round(value / step) * step;

/** Value ranges for the home in poor, good and excellent condition around the estimate. */
export function conditionRange(valuation: Pick<Valuation, "value" | "high" | "low">) {
  return {
    avmpoorlow: round(valuation.low * 0.85),
    avmpoorhigh: round(valuation.value * 0.93),
    avmgoodlow: valuation.low,
    avmgoodhigh: valuation.high,
    avmexcellentlow: round(valuation.value * 1.04),
    avmexcellenthigh: round(valuation.high * 1.1),
  };
}

export function avmResponse(current: Valuation, lastMonth: Valuation): AvmResponseWire {
  const change = current.value - lastMonth.value;
  return {
    "Service Estimate": {
      eventDate: current.date,
      amount: {
        scr: current.score,
        value: current.value,
        high: current.high,
        low: current.low,
        valueRange: current.high - current.low,
      },
      AVMChange: {
        avmlastmonthvalue: lastMonth.value,
        avmamountchange: change,
        avmpercentchange: lastMonth.value ? Math.round((change / lastMonth.value) * 10_000) / 100 : 0,
      },
      conditionRange: conditionRange(current),
    },
  };
}
