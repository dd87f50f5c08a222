import { boolean, index, integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";

/**
 * Mail and letters of the embedded defaults (and a copy of what was sent otherwise): read by admins at /admin/outbox.
 */
export const outbox = app.table(
  "outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ["email", "letter"] }).notNull(),
    /** An email address, or the name and postal address of a letter. */
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** `outbox` when it was kept here only; `smtp` or `postal` when it was handed on; `failed` when that failed. */
    delivery: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_created").on(t.createdAt)],
);

/** What mail a person wants beyond what they ask for: the homeowner's monthly digest, the officer's daily summary. */
export const mailPreferences = app.table("mail_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  monthlyDigest: boolean("monthly_digest").notNull().default(true),
  dailySummary: boolean("daily_summary").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each recurring message sent, once per person, kind and period (`2026-12`, `2026-12-01`): a job run twice sends
 * nothing twice.
 */
export const mailDeliveries = app.table(
  "mail_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `widget_held`: an admin's mail about a site's held leads, once a day (`period` is `day:siteId`). */
    kind: text({ enum: ["monthly_digest", "daily_summary", "lead_summary", "widget_held"] }).notNull(),
    period: text().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_deliveries_once").on(t.userId, t.kind, t.period)],
);
