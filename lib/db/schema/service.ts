import { index, integer, real, text, timestamp } from "drizzle-orm/pg-core";
import { app } from "./namespaces";

/** Settings an admin changes at run time. */
export const settings = app.table("settings", {
  key: text().primaryKey(),
  numberValue: real("number_value"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per request that could have reached the service: who, what, for which address, and whether it did. */
export const upstreamCalls = app.table(
  "upstream_calls",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id"),
    operation: text().notNull(),
    /** MD5 of the standardized address (or of the owner id); never the address itself. */
    addressHash: text("address_hash"),
    /** The address as standardized, for the officer's own history. */
    addressLabel: text("address_label"),
    outcome: text({ enum: ["miss", "hit", "coalesced", "stale", "error"] }).notNull(),
    /** The widget site the request came through, if any (its daily budget counts these). */
    siteId: integer("site_id"),
    /** Billable requests this call spent upstream (a normalization batch spends one per address it sent). */
    billable: integer().notNull().default(0),
    /**
     * The requests this row stands for: free answers (hits, coalesced waits) of the same caller, operation, address and
     * outcome that arrive together are written as one row; every other outcome is a row of its own.
     */
    requests: integer().notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("upstream_calls_created").on(t.createdAt),
    index("upstream_calls_user").on(t.userId, t.createdAt),
    index("upstream_calls_site").on(t.siteId, t.createdAt),
  ],
);

/** Sites that embed the home-value widget or the dashboard: who may frame them and what they may spend. */
export const widgetSites = app.table("widget_sites", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** Public: goes in the embed code. */
  siteKey: text("site_key").notNull().unique(),
  /** The signing secret for partner tokens, encrypted (AES-256-GCM); shown to the admin once. */
  secretEncrypted: text("secret_encrypted").notNull(),
  allowedOrigins: text("allowed_origins").array().notNull(),
  dailyBudget: integer("daily_budget").notNull(),
  /** The loan officer its members and visitors are sent to (leads from the widget, the embedded dashboard's card). */
  officerId: integer("officer_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Partner tokens already used: each is good once. */
export const partnerTokenUses = app.table("partner_token_uses", {
  jti: text().primaryKey(),
  siteId: integer("site_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});
