import "server-only";
import { eq } from "drizzle-orm";
import { oneLine } from "@/lib/address";
import { getDatabase } from "@/lib/db";
import { clients } from "@/lib/db/schema";
import { personKeyOf, type LoanType } from "@/lib/portfolio/csv";
import { getDataset } from "@/lib/sandbox/dataset";
import { peopleOf } from "@/lib/sandbox/verify";
import { addressKeyOf } from "@/lib/services/homes/addresses";
import { formatName } from "@/lib/format";

const DEMO_CLIENTS = 50;
const TYPES: Record<string, LoanType> = { CONVENTIONAL: "conventional", FHA: "fha", VA: "va" };

/**
 * The demo officer's portfolio (embedded mode only): about 50 owners of data-set houses with a mortgage, their first
 * loan as the officer would know it from closing (its original amount, the price paid, whether it carries mortgage
 * insurance). Read from the data set directly, so seeding spends no billable call; their first refreshes are queued
 * once the job engine runs (bootstrap.ts), so the demo officer sees real opportunities on the first day.
 * Seeding again adds nothing twice.
 */
export async function ensureDemoPortfolio(officerId: number): Promise<void> {
  const { db } = await getDatabase();
  // Seeded once: a start finds the portfolio there (and a client the officer removed stays removed).
  if ((await db.select({ id: clients.id }).from(clients).where(eq(clients.officerId, officerId)).limit(1)).length > 0)
    return;
  const homes = getDataset().properties.filter(
    (p) => p.kind !== "CONDOMINIUM" && !p.vacant && peopleOf(p).length > 0 && p.loans.length > 0,
  );
  const step = Math.max(1, Math.floor(homes.length / DEMO_CLIENTS));
  const rows = homes
    .filter((_, i) => i % step === 0)
    .slice(0, DEMO_CLIENTS)
    .map((home) => {
      const person = peopleOf(home)[0]!;
      const loan = [...home.loans].sort((a, b) => a.position - b.position)[0]!;
      const firstName = formatName(person.first);
      const lastName = formatName(person.last);
      const address = oneLine(home.address);
      // The price paid at the sale the loan financed (the last on or before its closing), when there was one.
      const sale = home.sales.filter((s) => s.date <= loan.originationDate).at(-1);
      const type = TYPES[loan.type] ?? "other";
      const originalValue = sale ? Math.round(sale.price) : null;
      return {
        officerId,
        firstName,
        lastName,
        personKey: personKeyOf({ firstName, lastName }),
        email: `${firstName}.${lastName}.${home.id}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ""),
        address,
        addressKey: addressKeyOf(address).key,
        loanBalance: Math.round(home.loans.reduce((sum, l) => sum + l.balance, 0)),
        noteRate: loan.rate,
        loanType: type,
        closingDate: loan.originationDate,
        termMonths: loan.termMonths,
        originalLoanAmount: Math.round(loan.originalAmount),
        originalValue,
        // FHA loans carry a premium, VA loans none, conventional ones insurance above 80% of the price.
        mortgageInsurance:
          type === "fha"
            ? true
            : type === "va"
              ? false
              : originalValue
                ? loan.originalAmount / originalValue > 0.8
                : null,
      };
    });
  await db.insert(clients).values(rows).onConflictDoNothing();
}
