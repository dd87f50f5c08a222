import { TableScroll } from "@/components/ui/table-scroll";
import { formatDate, formatLoanType, formatPercent, formatUsd } from "@/lib/format";
import type { HomeRecordsDto } from "@/lib/services/records-dto";

const NOT_ON_RECORD = "not on record";
const POSITIONS: Record<number, string> = { 1: "First", 2: "Second", 3: "Third" };

/** The active loans as the public records show them (the recorded amounts; the balances are estimates). */
export function LoansSection({ loans }: { loans: HomeRecordsDto["loans"] }) {
  if (!loans) return <p className="text-slate-700">The loans against this home are not on record.</p>;
  if (!loans.length) return <p className="text-slate-700">No active loan is recorded against this home.</p>;
  const total = loans.reduce((sum, l) => sum + (l.estimatedBalance ?? 0), 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        What the county records say about each active loan. The balance is an estimate from the recorded amount, rate and date, not your lender&apos;s
        statement.
      </p>
      <TableScroll label="Active loans">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Active loans on record</caption>
          <thead className="text-slate-600">
            <tr>
              {["Loan", "Lender", "Type", "Rate", "Original amount", "Recorded", "Estimated balance"].map((h) => (
                <th key={h} scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loans.map((l, i) => (
              <tr key={i} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  {(l.position && POSITIONS[l.position]) ?? `Loan ${i + 1}`}
                </th>
                <td className="py-1 pr-3">{l.lender ?? NOT_ON_RECORD}</td>
                <td className="py-1 pr-3">{l.type ? formatLoanType(l.type) : NOT_ON_RECORD}</td>
                <td className="py-1 pr-3">{l.ratePercent === null ? NOT_ON_RECORD : formatPercent(l.ratePercent, "rate")}</td>
                <td className="py-1 pr-3">{l.originalAmount === null ? NOT_ON_RECORD : formatUsd(l.originalAmount)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{l.recordedDate ? formatDate(l.recordedDate) : NOT_ON_RECORD}</td>
                <td className="py-1 font-semibold">{l.estimatedBalance === null ? NOT_ON_RECORD : formatUsd(l.estimatedBalance)}</td>
              </tr>
            ))}
          </tbody>
          {loans.length > 1 && (
            <tfoot>
              <tr className="border-t border-slate-300">
                <th scope="row" colSpan={6} className="py-1 pr-3 text-right font-medium">
                  Total estimated balance
                </th>
                <td className="py-1 font-semibold">{formatUsd(total)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
    </div>
  );
}
