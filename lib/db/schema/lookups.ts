import { index, integer, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";

/**
 * Each staff member's recent applicants on /lookup: the address and the name they verified there. One row per person
 * and address; customer information, so it goes with the account and with age
 * (lib/services/lookups/recent-applicants.ts).
 */
export const recentApplicants = app.table(
  "recent_applicants",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The standardized key of the address (what reopening it matches on). */
    addressKey: text("address_key").notNull(),
    /** The address as the list shows it. */
    address: text().notNull(),
    applicant: text().notNull(),
    lookedUpAt: timestamp("looked_up_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.addressKey] }),
    index("recent_applicants_user").on(t.userId, t.lookedUpAt),
    index("recent_applicants_at").on(t.lookedUpAt),
  ],
);
