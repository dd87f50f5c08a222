import { sql } from "drizzle-orm";
import { integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sandbox } from "./namespaces";

export const sandboxOwners = sandbox.table(
  "owners",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The token handed out as `ownerID` (the spec also calls it userID). */
    ownerToken: text("owner_token").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** The address as the client sent it, and its standardized key. */
    address: text().notNull(),
    addressKey: text("address_key").notNull(),
    propertyId: integer("property_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One owner object per person and address: creating it again returns the same token.
    uniqueIndex("owners_person_address").on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.addressKey),
  ],
);

/**
 * The embedded service's clock (embedded mode only): how many months past the data set's date it values homes and
 * amortizes loans. One row; moved a month at a time so demos and tests see values and equity change.
 */
export const sandboxClock = sandbox.table("clock", {
  id: integer().primaryKey(),
  months: integer().notNull().default(0),
  advancedAt: timestamp("advanced_at", { withTimezone: true }).notNull().defaultNow(),
});
