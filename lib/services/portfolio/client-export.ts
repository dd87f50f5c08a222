import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { audit } from "@/lib/services/audit/log";
import { phoneDisplay } from "@/lib/format/phone";
import { listClients } from "./clients";

/** The export's columns, in order (the header of an empty export too). */
export const EXPORT_COLUMNS = [
  "name",
  "email",
  "address",
  "phone",
  "loan_type",
  "loan_balance",
  "note_rate",
  "closing_date",
  "term_months",
  "estimated_value",
  "estimated_balance",
  "ltv",
  "available_equity",
  "refreshed_at",
  "dashboard",
];

/** More than any one organization's book: the export is the whole list, not a page of it. */
const EXPORT_LIMIT = 100_000;

/**
 * The user's clients (everyone's for an admin) as the export's rows. Customer records leave the app here, so its route
 * asks for a recent second factor (`stepUp: "clients.export"`).
 */
export async function clientsForExport(user: SessionUser) {
  const clients = await listClients(user, EXPORT_LIMIT);
  void audit({ action: "clients.export", actor: user, detail: { rows: clients.length } });
  const rows = clients.map((c) => ({
    name: c.name,
    email: c.email,
    address: c.address,
    // As a person dials it: a US number in national format ("(512) 555-0142"), which a spreadsheet keeps as text and
    // the import reads back; E.164's leading "+" would make every cell start with the formula guard's apostrophe.
    phone: phoneDisplay(c.phone)?.text ?? null,
    loan_type: c.loanType,
    loan_balance: c.loanBalance,
    note_rate: c.noteRate,
    closing_date: c.closingDate,
    term_months: c.termMonths,
    estimated_value: c.value,
    estimated_balance: c.balance,
    ltv: c.ltv,
    available_equity: c.availableEquity,
    refreshed_at: c.refreshedAt,
    dashboard: c.invitation,
    ...(user.role === "admin" ? { officer_id: c.officerId } : {}),
  }));
  return rows;
}
