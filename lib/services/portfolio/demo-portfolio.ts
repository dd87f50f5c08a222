import "server-only";
import { and, eq, isNull } from "drizzle-orm";
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
/** An area code of the state's (its largest city's), for the demo's phones; 555-0100 to 555-0199 are for fiction. */
const AREA_CODES: Record<string, string> = {
  AZ: "602",
  CA: "415",
  CO: "303",
  GA: "404",
  IL: "312",
  TX: "512",
  WA: "206",
};
const demoPhone = (state: string, i: number) =>
  `+1${AREA_CODES[state.toUpperCase()] ?? "512"}55501${String(i % 100).padStart(2, "0")}`;

/**
 * The demo officer's portfolio (embedded mode only): about 50 owners of data-set houses with a mortgage, their first
 * loan as the officer would know it from closing (its original amount, the price paid, whether it carries mortgage
 * insurance). Read from the data set directly, so seeding spends no billable call; their first refreshes are queued
 * once the job engine runs (bootstrap.ts), so the demo officer sees real opportunities on the first day.
 * Seeding again adds nothing twice; a portfolio seeded before clients had a phone and a term gets theirs.
 */
export async function ensureDemoPortfolio(officerId: number): Promise<void> {
  const { db } = await getDatabase();
  const rows = demoClients(officerId);
  const mine = eq(clients.officerId, officerId);
  // Seeded once: a start finds the portfolio there (and a client the officer removed stays removed).
  if ((await db.select({ id: clients.id }).from(clients).where(mine).limit(1)).length > 0) {
    const unfilled = and(mine, isNull(clients.phone), isNull(clients.termMonths));
    if ((await db.select({ id: clients.id }).from(clients).where(unfilled).limit(1)).length === 0) return;
    for (const row of rows)
      await db
        .update(clients)
        .set({ phone: row.phone, termMonths: row.termMonths })
        .where(and(unfilled, eq(clients.personKey, row.personKey), eq(clients.addressKey, row.addressKey)));
    return;
  }
  await db.insert(clients).values(rows).onConflictDoNothing();
}

/** The demo portfolio's rows: about DEMO_CLIENTS owners spread over the data set. */
function demoClients(officerId: number) {
  const homes = getDataset().properties.filter(
    (p) => p.kind !== "CONDOMINIUM" && !p.vacant && peopleOf(p).length > 0 && p.loans.length > 0,
  );
  const step = Math.max(1, Math.floor(homes.length / DEMO_CLIENTS));
  return homes
    .filter((_, i) => i % step === 0)
    .slice(0, DEMO_CLIENTS)
    .map((home, i) => {
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
        phone: demoPhone(home.address.state, i),
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
}
