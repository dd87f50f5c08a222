import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";

/** Raw bytes (a photo or a logo, already re-encoded by the app). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A loan officer's card: what a homeowner sees of the person they can call. The card shows only once `nmlsId` is
 * set (a mortgage advertisement carries the originator's NMLS ID).
 */
export const officerProfiles = app.table("officer_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name"),
  title: text(),
  /** 256 px WebP re-encoded by the app (metadata stripped), and when it last changed (the image's cache key). */
  photo: bytea(),
  photoUpdatedAt: timestamp("photo_updated_at", { withTimezone: true }),
  /** E.164 ("+12065550123"). */
  phone: text(),
  email: text(),
  /** https only. */
  bookingUrl: text("booking_url"),
  /** Digits only. */
  nmlsId: text("nmls_id"),
  /** How the officer hears of new leads: an email each, or one summary a day. */
  leadMail: text("lead_mail", { enum: ["each", "daily"] })
    .notNull()
    .default("each"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The lender itself, one row (id 1): the name, NMLS ID, logo and disclosures every card carries, and who is the default
 * officer.
 */
export const organizationProfile = app.table("organization_profile", {
  id: integer().primaryKey().default(1),
  companyName: text("company_name"),
  nmlsId: text("nmls_id"),
  logo: bytea(),
  logoUpdatedAt: timestamp("logo_updated_at", { withTimezone: true }),
  equalHousingStatement: text("equal_housing_statement"),
  /**
   * The lender's own contact, for a homeowner who has no officer: its main phone (E.164) and an email for questions.
   */
  phone: text(),
  email: text(),
  /** The officer of homeowners no one else claims. */
  defaultOfficerId: integer("default_officer_id").references(() => users.id, { onDelete: "set null" }),
  /**
   * When an admin chose the default officer. Null while nobody has: the first loan officer becomes the default by
   * itself (so a fresh install connects homeowners to someone), and /admin asks for a choice until one is made.
   */
  defaultOfficerChosenAt: timestamp("default_officer_chosen_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The consent a lender needs before calling or texting a consumer (TCPA): its exact words and where it was given. */
export interface LeadConsent {
  text: string;
  /**
   * The language the words were shown and stored in (absent on consents given before the app spoke Spanish: English).
   */
  locale?: "en" | "es";
  at: string;
  ip: string | null;
  page: string;
}

/**
 * A homeowner (or a widget visitor) asking their loan officer for something: a question, a call, a quote for a
 * scenario. Its status moves new → contacted → won | lost | spam, and who moved it last is kept.
 */
export const leads = app.table(
  "leads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The officer it went to (null when nobody was assigned and nobody is the default: then it waits for an admin). */
    officerId: integer("officer_id").references(() => users.id, { onDelete: "set null" }),
    /** The homeowner who asked (null for a widget visitor without an account). */
    homeownerId: integer("homeowner_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where it came from. */
    source: text({ enum: ["dashboard", "embed", "widget", "digest"] }).notNull(),
    kind: text({ enum: ["question", "call", "quote", "report"] }).notNull(),
    /** The home it is about (the homeowner's claimed property, or the widget's address). */
    propertyId: integer("property_id"),
    address: text(),
    /** The visitor's name and email (widget leads) or a copy of the homeowner's. */
    name: text(),
    email: text(),
    message: text(),
    /** E.164, only with consent. */
    phone: text(),
    bestTime: text("best_time"),
    timeZone: text("time_zone"),
    consent: jsonb().$type<LeadConsent>(),
    /** The scenario the quote is for, with its figures as the homeowner saw them. */
    scenario: jsonb().$type<Record<string, number | string | null>>(),
    /** The widget site it came through. */
    siteId: integer("site_id"),
    status: text({ enum: ["new", "contacted", "won", "lost", "spam"] })
      .notNull()
      .default("new"),
    statusChangedBy: integer("status_changed_by").references(() => users.id, { onDelete: "set null" }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /**
     * When a widget lead that came past its site's daily cap was held for review: no officer mail or webhook until an
     * admin releases it (then null again; the activity log keeps both).
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    /** When the officer was mailed about it (each lead, or the daily summary that listed it first). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** The day (UTC, YYYY-MM-DD) it came in: one lead per homeowner, kind and day. */
    day: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_once_a_day").on(t.homeownerId, t.kind, t.day),
    index("leads_officer").on(t.officerId, t.createdAt),
    index("leads_status").on(t.status, t.createdAt),
  ],
);

/** A single-use link to the full report, mailed to a widget visitor (7 days). */
export const reportLinks = app.table("report_links", {
  tokenHash: text("token_hash").primaryKey(),
  leadId: integer("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  address: text().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A lender's CRM endpoint: where events are delivered, signed per the Standard Webhooks specification. */
export const webhookEndpoints = app.table("webhook_endpoints", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  url: text().notNull(),
  description: text(),
  events: text().array().notNull(),
  /**
   * The `whsec_` secret, sealed under DATA_ENCRYPTION_KEY; the one it replaced stays valid until `previousSecretUntil`.
   */
  secretSealed: text("secret_sealed").notNull(),
  previousSecretSealed: text("previous_secret_sealed"),
  previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
  enabled: boolean().notNull().default(true),
  /** Why it was disabled (by an admin, or after three days of failures). */
  disabledReason: text("disabled_reason"),
  /** The first failure of the current run of failures (cleared by a success). */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One event for one endpoint: its id (stable across retries, the receiver's idempotency key), payload and attempts. */
export const webhookDeliveries = app.table(
  "webhook_deliveries",
  {
    /** `msg_…`: the `webhook-id` header. */
    id: text().primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    /** The first bytes of the receiver's answer, or why no answer came (refused address, timeout). */
    responseSummary: text("response_summary"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt)],
);

/** A bearer token for the app's API: named, scoped, expiring; only its SHA-256 is kept. */
export const apiTokens = app.table(
  "api_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Whose authority it carries (a staff member; an admin's organization token is an admin's). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    scopes: text().array().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The first characters, to tell tokens apart in a list ("hdt_ab12…"). */
    prefix: text().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash").on(t.tokenHash),
    index("api_tokens_user")
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
