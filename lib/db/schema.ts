import { sql } from "drizzle-orm";
import { index, integer, pgSchema, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Tables of the embedded Property Data Service: what a real vendor would keep on its side. */
export const sandbox = pgSchema("sandbox");

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

/** Tables of the app itself. */
export const app = pgSchema("app");

export const users = app.table(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text({ enum: ["homeowner", "loan_officer", "admin"] }).notNull(),
    /** The service's owner token once the homeowner has created their owner record. */
    ownerId: text("owner_id"),
    /** The name given with the owner record: what reports are prepared for. */
    name: text(),
    /** A partner's member (embedded dashboard): the site that vouches for them and its id for them. */
    partnerSiteId: integer("partner_site_id"),
    partnerMemberId: text("partner_member_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email").on(sql`lower(${t.email})`),
    index("users_owner").on(t.ownerId),
    uniqueIndex("users_partner_member").on(t.partnerSiteId, t.partnerMemberId),
  ],
);

/** Sign-in failures per email, for back-off and lockout. */
export const signInFailures = app.table("sign_in_failures", {
  email: text().primaryKey(),
  failures: integer().notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
});

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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Partner tokens already used: each is good once. */
export const partnerTokenUses = app.table("partner_token_uses", {
  jti: text().primaryKey(),
  siteId: integer("site_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});
