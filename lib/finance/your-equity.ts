/** What these sums read of a loan (the service's DTO has more). */
export interface LoanShape {
  id: string;
  position: string;
  balance: number;
}

/** What these sums read of a home's equity, and rewrite (the service's DTO has more, kept as it is). */
export interface EquityShape<L extends LoanShape = LoanShape> {
  estimate: number;
  estimateLow: number;
  estimateHigh: number;
  maxLtv: number;
  totalLoanBalance: number;
  totalEquity: number;
  ltv: number;
  availableEquity: number;
  availableEquityLow: number;
  availableEquityHigh: number;
  loans: L[];
}

/** A loan as the owner says it is today (the shape of `ownerFigures.loans` values). */
export interface LoanFigures {
  paidOff?: boolean;
  balance?: number;
  ratePercent?: number;
}

/** The key of a loan in the owner's figures: its ID in the service's records, or its position when it has none. */
export const loanKey = (loan: Pick<LoanShape, "id" | "position">) => loan.id || loan.position;

/** A loan's balance by the owner's figures: none once paid off, else the balance they entered, else the record's. */
export function balanceOf(loan: LoanShape, figures: LoanFigures | undefined): number {
  if (figures?.paidOff) return 0;
  return figures?.balance ?? loan.balance;
}

/**
 * Equity from the service's value and the owner's own loan figures: the same sums as the service's
 * (field-reference.md), with each corrected balance in place of the record's. The record's loans keep their places;
 * a paid-off loan is dropped. With no figures, the service's equity as it is.
 */
export function yourEquity<E extends EquityShape>(equity: E, loans: Record<string, LoanFigures>): E {
  if (!equity.loans.some((loan) => loans[loanKey(loan)])) return equity;
  const delta = equity.loans.reduce((sum, loan) => sum + balanceOf(loan, loans[loanKey(loan)]) - loan.balance, 0);
  const total = Math.max(0, equity.totalLoanBalance + delta);
  const available = (value: number) => Math.max(0, Math.round((value * equity.maxLtv - total) * 100) / 100);
  return {
    ...equity,
    totalLoanBalance: total,
    totalEquity: equity.estimate - total,
    ltv: equity.estimate > 0 ? Math.round((total / equity.estimate) * 10_000) / 10_000 : 0,
    availableEquity: available(equity.estimate),
    availableEquityLow: available(equity.estimateLow),
    availableEquityHigh: available(equity.estimateHigh),
    loans: equity.loans.flatMap((loan) => {
      const figures = loans[loanKey(loan)];
      return figures?.paidOff ? [] : [{ ...loan, balance: balanceOf(loan, figures) }];
    }),
  };
}
