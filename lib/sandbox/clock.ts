import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { sandboxClock } from "@/lib/db/schema";
import { AS_OF } from "./dataset";
import { amortizedBalance, monthsBetween } from "./dataset/history";
import type { Loan } from "./dataset/types";

export interface ClockState {
  /** Months past the data set's date. */
  months: number;
  /** The date the service values homes at (YYYY-MM-DD). */
  date: string;
}

/** The first of the month `months` after the data set's date. */
export function dateAfter(months: number): string {
  const [year, month] = AS_OF.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The loans as they stand on a later date: amortizing ones paid down by the schedule, lines of credit as drawn. */
export function loansOn(loans: Loan[], date: string): Loan[] {
  if (date <= AS_OF) return loans;
  return loans
    .map((loan) =>
      loan.type === "HELOC"
        ? loan
        : {
            ...loan,
            balance:
              Math.round(
                amortizedBalance(
                  loan.originalAmount,
                  loan.rate,
                  loan.termMonths,
                  monthsBetween(loan.originationDate, date),
                ) * 10,
              ) / 10,
          },
    )
    .filter((loan) => loan.balance > 0);
}

/** How long a process trusts the clock it read: another process sharing the database may have moved it. */
const TRUST_MS = 2_000;

/** The clock, kept in the service's own tables so that it survives restarts. */
export function createClock(db: () => Promise<Database>) {
  const state = (months: number): ClockState => ({ months, date: dateAfter(months) });
  let known: { date: Promise<string>; at: number } | undefined;
  const read = async (): Promise<ClockState> => {
    const [row] = await (await db()).select({ months: sandboxClock.months }).from(sandboxClock);
    return state(row?.months ?? 0);
  };
  return {
    read,
    /** The date the service answers for, read at most every two seconds. */
    today(): Promise<string> {
      if (!known || Date.now() - known.at > TRUST_MS) {
        const date = read().then((clock) => clock.date);
        known = { date, at: Date.now() };
        date.catch(() => (known = undefined));
      }
      return known.date;
    },
    /** Moves the clock a month forward. */
    async advance(): Promise<ClockState> {
      known = undefined;
      const [row] = await (
        await db()
      )
        .insert(sandboxClock)
        .values({ id: 1, months: 1 })
        .onConflictDoUpdate({
          target: sandboxClock.id,
          set: { months: sql`${sandboxClock.months} + 1`, advancedAt: sql`now()` },
        })
        .returning({ months: sandboxClock.months });
      return state(row!.months);
    },
  };
}

export type Clock = ReturnType<typeof createClock>;
