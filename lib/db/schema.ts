import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/**
 * The embedded service's clock (embedded mode only): how many months past the data set's date it values homes and
 * amortizes loans. One row; moved a month at a time so demos and tests see values and equity change.
 */
export const sandboxClock = sandbox.table("clock", {
  id: integer().primaryKey(),
  months: integer().notNull().default(0),
  advancedAt: timestamp("advanced_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Tables of the app itself. */
export const app = pgSchema("app");

export const users = app.table(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text({ enum: ["homeowner", "loan_officer", "admin"] }).notNull(),
    /** The name given with the first owner record: what reports are prepared for. */
    name: text(),
    /** A partner's member (embedded dashboard): the site that vouches for them and its id for them. */
    partnerSiteId: integer("partner_site_id"),
    partnerMemberId: text("partner_member_id"),
    /** The authenticator app's secret (RFC 6238), encrypted under DATA_ENCRYPTION_KEY (lib/security/data-key.ts). */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment and not yet confirmed with a code (encrypted too); replaced by each new start. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted: a code of that step or an earlier one is a replay. */
    totpLastStep: integer("totp_last_step"),
    /** The organization's identity provider's `sub` for a person signed in with single sign-on. */
    oidcSubject: text("oidc_subject"),
    /** The last sign-in (disposal counts RETENTION_DAYS from it and from the last mail), and the disposal warning sent. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
    retentionWarnedAt: timestamp("retention_warned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email").on(sql`lower(${t.email})`),
    uniqueIndex("users_partner_member").on(t.partnerSiteId, t.partnerMemberId),
    uniqueIndex("users_oidc_subject").on(t.oidcSubject),
  ],
);

/** Passkeys (WebAuthn credentials): a person may have several, each named, with when it was last used. */
export const passkeys = app.table(
  "passkeys",
  {
    /** The credential's id, base64url, as the authenticator gave it. */
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user").on(t.userId)],
);

/** Recovery codes: the SHA-256 of each, good once; a new set replaces the old. */
export const recoveryCodes = app.table(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user").on(t.userId)],
);

/** WebAuthn challenges handed out, each good once for five minutes (taken by the answer that carries it back). */
export const webauthnChallenges = app.table("webauthn_challenges", {
  challenge: text().primaryKey(),
  purpose: text({ enum: ["register", "sign-in", "step-up"] }).notNull(),
  /** The account it was made for (registration, step-up); none for a discoverable sign-in. */
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Sign-in attempts per key (`email:…`, `ip:…`, `device:…`): each attempt is counted before the password is checked,
 * and past a free allowance the key must wait a growing time before its next attempt.
 */
export const signInThrottle = app.table("sign_in_throttle", {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull().defaultNow(),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Live sessions: a session token is honoured only while its row is here (sign-out and "everywhere" delete rows). */
export const sessions = app.table(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When a second factor was last given in this session (sign-in, enrolment, step-up); none: not given. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** Password reset links: the SHA-256 of the token, good once for 30 minutes. */
export const passwordResets = app.table("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const OWNER_PROOFS = ["invitation", "partner", "mail", "demo"] as const;
export type OwnerProof = (typeof OWNER_PROOFS)[number];

/**
 * The owner records an account proved are its own (an invitation, a partner's token or a mailed code): everything
 * private is read through them. An account may hold several; an owner record belongs to one account (its key).
 */
export const accountOwners = app.table(
  "account_owners",
  {
    /** The service's owner token. */
    ownerId: text("owner_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    proof: text({ enum: OWNER_PROOFS }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_owners_user").on(t.userId, t.verifiedAt)],
);

/**
 * A homeowner's claim on a home before proof: the deed matched the name they gave, so the owner record exists, but
 * the account sees only what is public until it proves control. One claim per account and home.
 */
export const ownershipClaims = app.table(
  "ownership_claims",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** The standardized address and its key. */
    address: text().notNull(),
    addressKey: text("address_key").notNull(),
    matchScore: real("match_score").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressKey] })],
);

/** Codes mailed to a property address: the SHA-256 of the code, 30 days to use it, a few tries. */
export const ownershipLetters = app.table(
  "ownership_letters",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressKey: text("address_key").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ownership_letters_user").on(t.userId, t.createdAt)],
);

/** An officer's invitation of a client to one home: the SHA-256 of the link's token, single use, 7 days. */
export const invitations = app.table("invitations", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text().notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  address: text().notNull(),
  ownerId: text("owner_id").notNull(),
  invitedBy: integer("invited_by"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  acceptedBy: integer("accepted_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Mail and letters of the embedded defaults (and a copy of what was sent otherwise): read by admins at /admin/outbox. */
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Partner tokens already used: each is good once. */
export const partnerTokenUses = app.table("partner_token_uses", {
  jti: text().primaryKey(),
  siteId: integer("site_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});

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

/** What mail a person wants beyond what they ask for: the homeowner's monthly digest, the officer's daily summary. */
export const mailPreferences = app.table("mail_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  monthlyDigest: boolean("monthly_digest").notNull().default(true),
  dailySummary: boolean("daily_summary").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each recurring message sent, once per person, kind and period (`2026-12`, `2026-12-01`): a job run twice sends nothing twice. */
export const mailDeliveries = app.table(
  "mail_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["monthly_digest", "daily_summary"] }).notNull(),
    period: text().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_deliveries_once").on(t.userId, t.kind, t.period)],
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
    /** The address as the service standardized it, and its key. */
    address: text().notNull(),
    addressKey: text("address_key").notNull(),
    /** The loan as the officer knows it (from closing): each optional. */
    loanBalance: integer("loan_balance"),
    noteRate: real("note_rate"),
    loanType: text("loan_type", { enum: ["conventional", "fha", "va", "usda", "jumbo", "other"] }),
    closingDate: text("closing_date"),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("clients_person_home").on(t.officerId, t.personKey, t.addressKey), index("clients_officer").on(t.officerId, t.lastName)],
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
    kind: text({ enum: ["mortgage_insurance", "home_equity_line", "cash_out", "value_moved", "rate_refinance", "engagement"] }).notNull(),
    reason: text().notNull(),
    figures: jsonb().$type<Record<string, number | string | null>>().notNull(),
    /** What ranks it: the money the client could borrow at the organization's maximum LTV. */
    amount: integer().notNull().default(0),
    status: text({ enum: ["open", "contacted", "dismissed", "closed"] })
      .notNull()
      .default("open"),
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

export const AUDIT_OUTCOMES = ["allowed", "refused", "failed"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The activity log (lib/services/audit.ts): every read of private data and every security event, append-only and
 * chained: `hash` is the SHA-256 of the row's content and the previous row's hash. The personal columns (who by id and
 * email, the client's address) are sealed by `pii_digest` instead of entering the hash themselves, so deleting an
 * account can erase them and the chain still verifies; `actor_ref` stays as the person's pseudonym.
 */
export const auditEvents = app.table(
  "audit_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    action: text().notNull(),
    outcome: text({ enum: AUDIT_OUTCOMES }).notNull(),
    /** The actor's pseudonym (an HMAC of the account id), the role they acted in, the partner site for its members. */
    actorRef: text("actor_ref"),
    actorRole: text("actor_role"),
    partnerSiteId: integer("partner_site_id"),
    /** The account an action was about (a role changed, factors reset), by pseudonym. */
    subjectRef: text("subject_ref"),
    ownerId: text("owner_id"),
    propertyId: text("property_id"),
    /** The address as standardized, and its key (what the homeowner's access log matches on). */
    address: text(),
    addressKey: text("address_key"),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
    requestId: text("request_id"),
    /** Personal data, erased when the account is deleted: sealed by pii_digest = SHA-256 of these and the salt. */
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    ip: text(),
    piiSalt: text("pii_salt"),
    piiDigest: text("pii_digest").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text().notNull(),
  },
  (t) => [
    index("audit_events_at").on(t.at),
    index("audit_events_actor").on(t.actorId, t.id),
    index("audit_events_address").on(t.addressKey, t.id),
    index("audit_events_owner").on(t.ownerId, t.id),
    index("audit_events_action").on(t.action, t.id),
  ],
);
