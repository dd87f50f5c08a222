import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";
import { invitations } from "./ownership";

/**
 * A loan officer's past client at one home: imported from CSV or added by hand, the address standardized by the
 * service. One row per officer, person (their name in capitals) and standardized address: importing again merges.
 */
export const clients = app.table(
  "clients",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The officer (or admin) whose client this is. */
    officerId: integer("officer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** The name in capitals with single spaces: what makes two rows the same person. */
    personKey: text("person_key").notNull(),
    email: text(),
    /** The client's phone, as the officer gave it (E.164 once read: "+15125550142"); shown in national format. */
    phone: text(),
    /** The address as the service standardized it, and its key. */
    address: text().notNull(),
    addressKey: text("address_key").notNull(),
    /** The loan as the officer knows it (from closing): each optional. */
    loanBalance: integer("loan_balance"),
    noteRate: real("note_rate"),
    loanType: text("loan_type", { enum: ["conventional", "fha", "va", "usda", "jumbo", "other"] }),
    closingDate: text("closing_date"),
    /** The loan's term in months, when the officer knows it (the months left count from the closing date). */
    termMonths: integer("term_months"),
    /**
     * What the loan was when it closed, and whether it carries mortgage insurance: mortgage insurance's rules read
     * them.
     */
    originalLoanAmount: integer("original_loan_amount"),
    originalValue: integer("original_value"),
    mortgageInsurance: boolean("mortgage_insurance"),
    /**
     * The homeowner account this client is: the entry's email is the account's and its address a home the account
     * proved it owns (a claim is not enough). Only such an entry makes its officer the homeowner's (officer-assignment.ts).
     */
    homeownerId: integer("homeowner_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * When the entry became the homeowner's (not when it was made: an entry made long ago and changed to their email
     * today is theirs from today). The first officer so linked is their officer.
     */
    homeownerLinkedAt: timestamp("homeowner_linked_at", { withTimezone: true }),
    /** The officer's latest invitation of this client to their dashboard. */
    invitationId: integer("invitation_id").references(() => invitations.id, { onDelete: "set null" }),
    /** The figures of the last refresh. */
    value: integer(),
    balance: integer(),
    ltv: real(),
    availableEquity: integer("available_equity"),
    /** The value of the refresh before the last one: what "value moved" compares with. */
    previousValue: integer("previous_value"),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
    /**
     * When an import queued this client's first refresh; cleared once it ran (or could not): the page's progress line.
     */
    refreshQueuedAt: timestamp("refresh_queued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("clients_person_home").on(t.officerId, t.personKey, t.addressKey),
    index("clients_officer").on(t.officerId, t.lastName),
    index("clients_homeowner").on(t.homeownerId, t.homeownerLinkedAt),
  ],
);

/**
 * What a refresh found worth a call: its kind, the reason in words and the figures behind it. At most one live
 * (open, contacted or dismissed) per client and kind; one that no longer applies is closed.
 */
export const opportunities = app.table(
  "opportunities",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text({
      enum: ["mortgage_insurance", "home_equity_line", "cash_out", "value_moved", "rate_refinance", "engagement"],
    }).notNull(),
    reason: text().notNull(),
    figures: jsonb().$type<Record<string, number | string | null>>().notNull(),
    /** The money the client could borrow at the organization's maximum LTV when it was found. */
    amount: integer().notNull().default(0),
    /**
     * What it is worth to the client, in dollars a year: the yearly saving of a refinance or of the premium dropped,
     * or the yearly cost avoided by borrowing the cheaper way. What ranks a client's opportunities.
     */
    worth: integer().notNull().default(0),
    /** The client's one best action: the live opportunity worth the most to them (at most one per client). */
    best: boolean().notNull().default(false),
    /**
     * Found by the client's first refresh (after an import or an addition): the starting list, never "new".
     */
    baseline: boolean().notNull().default(false),
    status: text({ enum: ["open", "contacted", "dismissed", "closed"] })
      .notNull()
      .default("open"),
    /**
     * The refresh where it first applied (or applied again after a dismissal): "new" on that refresh, "since" after.
     */
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the officer dismissed it, when, and the figures then: it opens again when they move past the thresholds. */
    dismissReason: text("dismiss_reason"),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    dismissedFigures: jsonb("dismissed_figures").$type<{
      value: number | null;
      available: number;
      maxLtv: number;
      currentRate: number;
    }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("opportunities_live")
      .on(t.clientId, t.kind)
      .where(sql`${t.status} <> 'closed'`),
    index("opportunities_status").on(t.status, t.amount),
  ],
);

/**
 * Each refresh's figures of a client's home: the value and the loans over time, for the client's page. One row per
 * refresh; disposal removes them with the client.
 */
export const clientFigures = app.table(
  "client_figures",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    value: integer().notNull(),
    balance: integer().notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_figures_client").on(t.clientId, t.refreshedAt)],
);

/** The officer's own notes on a client: kept as written (an edit is a new note), each a row of the activity log. */
export const clientNotes = app.table(
  "client_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Who wrote it (null once their account is gone: the note stays with the client). */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_notes_client").on(t.clientId, t.createdAt)],
);

/**
 * The scheduled refreshes of a month, one per client: a job run twice, or cut off and run again, refreshes nobody
 * twice, and their count is what the month's refresh budget has spent.
 */
export const clientRefreshes = app.table(
  "client_refreshes",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The month, as `2026-12`. */
    period: text().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** False while it runs, or when the process running it stopped midway (the job runs it again). */
    done: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.period] }), index("client_refreshes_period").on(t.period)],
);
