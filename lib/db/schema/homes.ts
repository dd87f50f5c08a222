import { index, integer, jsonb, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";

/**
 * Every valuation answer the app has received for a home, one per home and valuation date: the home's value over
 * time grows from these month by month. Written after each successful valuation call (cached answers repeat a date
 * and change nothing).
 */
export const valuationSnapshots = app.table(
  "valuation_snapshots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The standardized address key of the home. */
    addressKey: text("address_key").notNull(),
    /** The service's date for the estimate (YYYY-MM-DD). */
    valuationDate: text("valuation_date").notNull(),
    value: integer().notNull(),
    low: integer().notNull(),
    high: integer().notNull(),
    confidence: real(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("valuation_snapshots_home_date").on(t.addressKey, t.valuationDate)],
);

/** A loan as the owner says it is today: paid off, or its balance and rate. Keyed by the loan's key in the records. */
export interface OwnerLoanFigures {
  paidOff?: boolean;
  balance?: number;
  ratePercent?: number;
}

/**
 * The owner's own figures for one of their homes (an account and a standardized address): corrections to the loans on
 * record and the home's condition. Shown as "your figures", used for equity and borrowing, and removable; the
 * service's answers are never changed.
 */
export const ownerFigures = app.table(
  "owner_figures",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressKey: text("address_key").notNull(),
    condition: text({ enum: ["poor", "good", "excellent"] }),
    loans: jsonb().$type<Record<string, OwnerLoanFigures>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("owner_figures_home").on(t.userId, t.addressKey)],
);

/**
 * What a homeowner does on their dashboard that tells their loan officer they may be ready to talk: visits, report
 * downloads, borrowing scenarios tried. One row per kind and half hour at most.
 */
export const homeownerEvents = app.table(
  "homeowner_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["dashboard_visit", "report_download", "borrowing_used"] }).notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("homeowner_events_user").on(t.userId, t.at)],
);
