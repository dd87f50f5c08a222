import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase, type Database } from "@/lib/db";
import { clients, invitations, opportunities, users } from "@/lib/db/schema";
import { isNewAlert } from "@/lib/portfolio/alerts";
import { tagLabel, tagShort, type OpportunityKind } from "@/lib/portfolio/opportunities";
import {
  MAX_IMPORT_ROWS,
  personKeyOf,
  readClient,
  readClientsCsv,
  RowErrors,
  type ClientInput,
} from "@/lib/portfolio/csv";
import { addressKeyOf } from "@/lib/services/homes/addresses";
import { audit, by } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { normalizeAddresses } from "@/lib/services/homes/properties";
import { homeownersListedIn, homeownersOfEntries, linkClientEntries, watchAssignments } from "./officer-assignment";

/** An upsert whose email is another than the stored one's (a blank keeps the stored email). */
const emailChanged = sql`excluded.email is not null and lower(excluded.email) is distinct from lower(${clients.email})`;

type SignedIn = Caller & { user: SessionUser };

/** The service's normalization takes this many addresses per request; an import sends them in batches of it. */
const NORMALIZE_BATCH = 100;

export interface RowProblem {
  line: number;
  input: string;
  field: string;
  error: string;
}

export interface ImportResult {
  /** Rows stored: new clients and merged ones (the same person at the same standardized address). */
  created: number;
  merged: number;
  errors: RowProblem[];
  unknownColumns: string[];
  /** Every client the import stored, new or merged. */
  ids: number[];
}

/** Whose clients a user sees: an admin everyone's, an officer their own. */
export const visibleTo = (user: SessionUser): SQL | undefined =>
  user.role === "admin" ? undefined : eq(clients.officerId, user.id);

/** A client the user may see and change; 404 otherwise, whether or not it exists (another officer's is not named). */
export async function clientOf(user: SessionUser, id: number) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), visibleTo(user)));
  if (!row) throw new AppError({ code: "not_found", message: "No client of yours has this id." });
  return row;
}

/**
 * Each client's address standardized by the service's batch normalization, through the gateway: a hundred to a
 * request, one billable request per address not in the cache. Only a confirmed address (DPV Y or S) is kept.
 */
async function standardized(
  caller: SignedIn,
  inputs: ClientInput[],
): Promise<({ address: string; key: string } | { error: string })[]> {
  const out: ({ address: string; key: string } | { error: string })[] = [];
  for (let start = 0; start < inputs.length; start += NORMALIZE_BATCH) {
    const batch = inputs.slice(start, start + NORMALIZE_BATCH);
    const results = await normalizeAddresses(
      caller,
      batch.map((c) => c.address),
    );
    for (const result of results) {
      if (!result.ok) out.push({ error: result.error ?? "could not be standardized" });
      // The meaning starts "Not confirmed: …": said once, as "address was not confirmed: the address is not
      // deliverable."
      else if (!["Y", "S"].includes(result.deliverability.code)) {
        const why = result.deliverability.meaning.replace(/^Not confirmed( yet)?: /, "");
        out.push({
          error: `was not confirmed${/^Not confirmed yet/.test(result.deliverability.meaning) ? " yet" : ""}: ${why}`,
        });
      } else out.push({ address: result.oneLine, key: addressKeyOf(result.oneLine).key });
    }
  }
  return out;
}

type Stored = Omit<ClientInput, "address"> & { address: string; key: string; line: number };

/**
 * Stores the caller's clients, merging each into their row for the same person at the same address, then links the
 * rows that are a homeowner at a home they proved (which may make the caller that homeowner's officer).
 */
async function store(caller: SignedIn, rows: Stored[]): Promise<{ created: number; merged: number; ids: number[] }> {
  const officerId = caller.user.id;
  const { db } = await getDatabase();
  // A file that names the same client twice merges them as a second import would: what the later row leaves blank
  // keeps the earlier row's value.
  const byClient = new Map<string, Stored>();
  for (const row of rows) {
    const key = `${personKeyOf(row)}|${row.key}`;
    const earlier = byClient.get(key);
    const known = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as Partial<Stored>;
    byClient.set(key, earlier ? { ...earlier, ...known } : row);
  }
  const unique = [...byClient.values()];
  let created = 0;
  const ids: number[] = [];
  // Entries this save changes that are a homeowner now: a new email unlinks them, which may change their officer.
  const linked = await homeownersOfEntries(
    officerId,
    unique.map((r) => ({ personKey: personKeyOf(r), addressKey: r.key })),
  );
  await watchAssignments(linked, caller.user, async () => {
    for (let start = 0; start < unique.length; start += 500) {
      const chunk = unique.slice(start, start + 500);
      const stored = await db
        .insert(clients)
        .values(
          chunk.map((r) => ({
            officerId,
            firstName: r.firstName,
            lastName: r.lastName,
            personKey: personKeyOf(r),
            email: r.email,
            phone: r.phone,
            address: r.address,
            addressKey: r.key,
            loanBalance: r.loanBalance,
            noteRate: r.noteRate,
            loanType: r.loanType,
            closingDate: r.closingDate,
            termMonths: r.termMonths,
            originalLoanAmount: r.originalLoanAmount,
            originalValue: r.originalValue,
            mortgageInsurance: r.mortgageInsurance,
          })),
        )
        .onConflictDoUpdate({
          target: [clients.officerId, clients.personKey, clients.addressKey],
          // What the new row knows replaces what was stored; what it leaves blank keeps the old value.
          set: {
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            email: sql`coalesce(excluded.email, ${clients.email})`,
            // Another email is another person: the entry is linked again, or not, by the new one (from now).
            homeownerId: sql`case when ${emailChanged} then null else ${clients.homeownerId} end`,
            homeownerLinkedAt: sql`case when ${emailChanged} then null else ${clients.homeownerLinkedAt} end`,
            phone: sql`coalesce(excluded.phone, ${clients.phone})`,
            address: sql`excluded.address`,
            loanBalance: sql`coalesce(excluded.loan_balance, ${clients.loanBalance})`,
            noteRate: sql`coalesce(excluded.note_rate, ${clients.noteRate})`,
            loanType: sql`coalesce(excluded.loan_type, ${clients.loanType})`,
            closingDate: sql`coalesce(excluded.closing_date, ${clients.closingDate})`,
            termMonths: sql`coalesce(excluded.term_months, ${clients.termMonths})`,
            originalLoanAmount: sql`coalesce(excluded.original_loan_amount, ${clients.originalLoanAmount})`,
            originalValue: sql`coalesce(excluded.original_value, ${clients.originalValue})`,
            mortgageInsurance: sql`coalesce(excluded.mortgage_insurance, ${clients.mortgageInsurance})`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: clients.id, inserted: sql<boolean>`(xmax = 0)` });
      created += stored.filter((r) => r.inserted).length;
      ids.push(...stored.map((r) => r.id));
    }
  });
  for (const homeownerId of await homeownersListedIn(ids)) await linkClientEntries(caller, homeownerId, caller.user);
  return { created, merged: rows.length - created, ids };
}

/**
 * Imports past clients from CSV for the signed-in officer: every row read and its address standardized (one billable
 * request per new address); rows with a problem are returned with the field and reason, the rest stored or merged.
 */
export async function importClients(caller: SignedIn, csv: string): Promise<ImportResult> {
  const read = readClientsCsv(csv);
  if ("error" in read)
    throw new AppError({ code: "invalid_request", message: `csv: ${read.error}`, fields: { csv: read.error } });
  if (read.rows.length === 0)
    throw new AppError({
      code: "invalid_request",
      message: "csv: the file has a header but no clients",
      fields: {
        csv: "has no client rows",
      },
    });
  if (read.rows.length > MAX_IMPORT_ROWS) {
    const reason = `has ${read.rows.length.toLocaleString("en-US")} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} at a time`;
    throw new AppError({ code: "too_many_rows", message: `csv ${reason}`, fields: { csv: reason } });
  }
  const errors: RowProblem[] = [];
  const good: { line: number; input: string; client: ClientInput }[] = [];
  for (const row of read.rows) {
    if ("error" in row) errors.push(row);
    else good.push(row);
  }
  const addresses = await standardized(
    caller,
    good.map((r) => r.client),
  );
  const rows: Stored[] = [];
  good.forEach((row, i) => {
    const found = addresses[i]!;
    if ("error" in found)
      errors.push({ line: row.line, input: row.input, field: "address", error: `address ${found.error}` });
    else rows.push({ ...row.client, ...found, line: row.line });
  });
  const { created, merged, ids } = rows.length ? await store(caller, rows) : { created: 0, merged: 0, ids: [] };
  errors.sort((a, b) => a.line - b.line);
  void audit({
    action: "clients.import",
    ...by(caller),
    detail: { rows: read.rows.length, created, merged, errors: errors.length },
  });
  return { created, merged, errors, unknownColumns: read.unknownColumns, ids };
}

export interface ClientFields {
  firstName: string;
  lastName: string;
  email?: string;
  /** As typed: read as a US number unless it starts with + (stored E.164). */
  phone?: string;
  address: string;
  loanBalance?: number;
  noteRate?: number;
  loanType?: string;
  closingDate?: string;
  termMonths?: number;
  originalLoanAmount?: number;
  originalValue?: number;
  mortgageInsurance?: boolean;
}

/** Adds one client by hand (or merges into the same person at the same address): the same checks as a CSV row. */
export async function addClient(caller: SignedIn, fields: ClientFields): Promise<{ id: number; merged: boolean }> {
  let client: ClientInput;
  try {
    client = readClient({
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email ?? "",
      phone: fields.phone ?? "",
      address: fields.address,
      balance: fields.loanBalance === undefined ? "" : String(fields.loanBalance),
      rate: fields.noteRate === undefined ? "" : String(fields.noteRate),
      type: fields.loanType ?? "",
      closingDate: fields.closingDate ?? "",
      termMonths: fields.termMonths === undefined ? "" : String(fields.termMonths),
      originalLoanAmount: fields.originalLoanAmount === undefined ? "" : String(fields.originalLoanAmount),
      originalValue: fields.originalValue === undefined ? "" : String(fields.originalValue),
      mortgageInsurance: fields.mortgageInsurance === undefined ? "" : fields.mortgageInsurance ? "yes" : "no",
    });
  } catch (error) {
    if (!(error instanceof RowErrors)) throw error;
    // The API's own names for the CSV's fields; every wrong one said at once.
    const named = error.problems.map(
      (p) => [{ balance: "loanBalance", rate: "noteRate", type: "loanType" }[p.field] ?? p.field, p.message] as const,
    );
    throw new AppError({
      code: "invalid_request",
      message: named.map(([name, message]) => `${name} ${message}`).join("; "),
      fields: Object.fromEntries(named),
    });
  }
  const [found] = await standardized(caller, [client]);
  if (!found || "error" in found) {
    const reason = found && "error" in found ? found.error : "could not be standardized";
    throw new AppError({ code: "invalid_request", message: `address ${reason}`, fields: { address: reason } });
  }
  const { created, ids } = await store(caller, [{ ...client, ...found, line: 1 }]);
  return { id: ids[0]!, merged: created === 0 };
}

/** The user's clients (everyone's for an admin), by last name, with their invitation's state: the export's rows. */
export async function listClients(user: SessionUser, limit: number) {
  const { db } = await getDatabase();
  const rows = await withInvitation(db)
    .where(visibleTo(user))
    .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id))
    .limit(limit);
  return rows.map(({ client, invitation }) => toClientDto(client, invitation));
}

// The id first: drizzle makes a left-joined object null when its first column is (acceptedAt often is).
const withInvitation = (db: Database) =>
  db
    .select({
      client: clients,
      invitation: { id: invitations.id, acceptedAt: invitations.acceptedAt, expiresAt: invitations.expiresAt },
    })
    .from(clients)
    .leftJoin(invitations, eq(invitations.id, clients.invitationId))
    .$dynamic();

/** How a page of clients is ordered: the most available equity first, by name, or the longest since a refresh first. */
export const CLIENT_SORTS = ["equity", "name", "refreshed"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENTS_PAGE_SIZE = 50;
/** A search's words at most: each is one more match over every client's text. */
export const CLIENT_SEARCH_WORDS = 8;

const ORDER: Record<ClientSort, SQL[]> = {
  // Never refreshed (no figure yet) last, then by name, so a new portfolio reads as a directory.
  equity: [
    sql`${clients.availableEquity} desc nulls last`,
    asc(clients.lastName),
    asc(clients.firstName),
    asc(clients.id),
  ],
  name: [asc(clients.lastName), asc(clients.firstName), asc(clients.id)],
  refreshed: [sql`${clients.refreshedAt} asc nulls first`, asc(clients.lastName), asc(clients.id)],
};

// Each word of the search in the name, the email or the address, any case; % and _ are the words' own characters.
function matching(q: string | undefined): SQL | undefined {
  const words = (q ?? "").split(/\s+/).filter(Boolean);
  const text = sql`${clients.firstName} || ' ' || ${clients.lastName} || ' ' || coalesce(${clients.email}, '') || ' ' || ${clients.address}`;
  return and(...words.map((word) => sql`${text} ilike ${`%${word.replace(/[\\%_]/g, "\\$&")}%`}`));
}

/** An opportunity the officer is working: open or contacted (a dismissed one is shown, but filters leave it out). */
export const WORKING = ["open", "contacted"] as const;

// Clients with an opportunity of this kind being worked.
function havingKind(kind: OpportunityKind | undefined): SQL | undefined {
  if (!kind) return undefined;
  return sql`exists (select 1 from ${opportunities} where ${opportunities.clientId} = ${clients.id} and ${opportunities.kind} = ${kind} and ${inArray(opportunities.status, [...WORKING])})`;
}

/** When the user last looked at their alerts (null: never), the time "new" is counted from. */
export async function alertsSeenAtOf(user: SessionUser): Promise<Date | null> {
  const { db } = await getDatabase();
  const [row] = await db.select({ at: users.alertsSeenAt }).from(users).where(eq(users.id, user.id));
  return row?.at ?? null;
}

/**
 * The live opportunities (open, contacted, dismissed) of some clients, the most money first, each client's as tags:
 * "new" when it opened since the viewer last looked at their alerts (lib/portfolio/alerts.ts).
 */
async function opportunitiesOf(rows: ClientRow[], seenAt: Date | null) {
  const byClient = new Map(rows.map((c) => [c.id, [] as ClientOpportunity[]]));
  if (rows.length === 0) return byClient;
  const { db } = await getDatabase();
  const live = await db
    .select()
    .from(opportunities)
    .where(and(inArray(opportunities.clientId, [...byClient.keys()]), ne(opportunities.status, "closed")))
    .orderBy(desc(opportunities.amount), asc(opportunities.kind));
  for (const o of live) byClient.get(o.clientId)!.push({ ...toOpportunityDto(o), new: isNewAlert(o, seenAt) });
  return byClient;
}

/** An opportunity as the API and the pages show it: its tag's words, its reason and figures, when it opened. */
export function toOpportunityDto(o: typeof opportunities.$inferSelect) {
  return {
    id: o.id,
    clientId: o.clientId,
    kind: o.kind,
    label: tagLabel(o.kind, o.figures),
    short: tagShort(o.kind, o.figures),
    reason: o.reason,
    figures: o.figures,
    amount: o.amount,
    worth: o.worth,
    best: o.best,
    status: o.status,
    openedAt: o.openedAt.toISOString(),
    dismissReason: o.dismissReason,
    updatedAt: o.updatedAt.toISOString(),
  };
}

export interface ClientOpportunity {
  id: number;
  clientId: number;
  kind: OpportunityKind;
  label: string;
  short: string;
  reason: string;
  figures: Record<string, number | string | null>;
  amount: number;
  worth: number;
  best: boolean;
  status: "open" | "contacted" | "dismissed" | "closed";
  new: boolean;
  openedAt: string;
  dismissReason: string | null;
  updatedAt: string;
}

/** How many of the user's clients have each kind of opportunity being worked: the filter's counts. */
export async function kindCounts(user: SessionUser): Promise<Partial<Record<OpportunityKind, number>>> {
  const { db } = await getDatabase();
  const rows = await db
    .select({ kind: opportunities.kind, n: sql<number>`count(distinct ${opportunities.clientId})`.mapWith(Number) })
    .from(opportunities)
    .innerJoin(clients, eq(clients.id, opportunities.clientId))
    .where(and(visibleTo(user), inArray(opportunities.status, [...WORKING])))
    .groupBy(opportunities.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

/**
 * How the first refreshes an import queued are going, for the page's progress line: those still waiting, and those
 * refreshed since the earliest of them was queued. Nothing waiting: null.
 */
export async function refreshProgress(user: SessionUser): Promise<{ waiting: number; done: number } | null> {
  const { db } = await getDatabase();
  const [pending] = await db
    .select({ waiting: count(), since: sql<string | null>`min(${clients.refreshQueuedAt})` })
    .from(clients)
    .where(and(visibleTo(user), isNotNull(clients.refreshQueuedAt)));
  if (!pending?.waiting || !pending.since) return null;
  const [done] = await db
    .select({ n: count() })
    .from(clients)
    .where(
      and(
        visibleTo(user),
        sql`${clients.refreshQueuedAt} is null`,
        sql`${clients.refreshedAt} >= ${new Date(pending.since)}`,
      ),
    );
  return { waiting: pending.waiting, done: done?.n ?? 0 };
}

/**
 * One page of the user's clients (everyone's for an admin) matching a search and, given a kind, having an opportunity
 * of that kind being worked, with their opportunities as tags; and how many match in all. A page past the last is
 * empty, with the count that says how many pages there are.
 */
export async function pageOfClients(
  user: SessionUser,
  query: { q?: string; sort: ClientSort; page: number; size?: number; kind?: OpportunityKind },
) {
  const size = query.size ?? CLIENTS_PAGE_SIZE;
  const where = and(visibleTo(user), matching(query.q), havingKind(query.kind));
  const { db } = await getDatabase();
  const [rows, [counted], seenAt] = await Promise.all([
    withInvitation(db)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(size)
      .offset((query.page - 1) * size),
    db.select({ total: count() }).from(clients).where(where),
    alertsSeenAtOf(user),
  ]);
  const total = counted?.total ?? 0;
  const tags = await opportunitiesOf(
    rows.map((row) => row.client),
    seenAt,
  );
  return {
    clients: rows.map(({ client, invitation }) => ({
      ...toClientDto(client, invitation),
      opportunities: tags.get(client.id)!,
    })),
    total,
    page: query.page,
    size,
    pages: Math.max(1, Math.ceil(total / size)),
  };
}

export type ClientRow = typeof clients.$inferSelect;

export function toClientDto(c: ClientRow, invitation: { acceptedAt: Date | null; expiresAt: Date } | null) {
  const invited = !invitation
    ? "none"
    : invitation.acceptedAt
      ? "accepted"
      : invitation.expiresAt.getTime() <= Date.now()
        ? "expired"
        : "pending";
  return {
    id: c.id,
    officerId: c.officerId,
    name: `${c.firstName} ${c.lastName}`,
    email: c.email,
    /** E.164, as stored. */
    phone: c.phone,
    address: c.address,
    loanBalance: c.loanBalance,
    noteRate: c.noteRate,
    loanType: c.loanType,
    closingDate: c.closingDate,
    termMonths: c.termMonths,
    invitation: invited as "none" | "pending" | "accepted" | "expired",
    value: c.value,
    balance: c.balance,
    ltv: c.ltv,
    availableEquity: c.availableEquity,
    refreshedAt: c.refreshedAt?.toISOString() ?? null,
    originalLoanAmount: c.originalLoanAmount,
    originalValue: c.originalValue,
    mortgageInsurance: c.mortgageInsurance,
  };
}
export type ClientDto = ReturnType<typeof toClientDto>;
