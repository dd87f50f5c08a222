import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { app } from "./namespaces";

export const users = app.table(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text({ enum: ["homeowner", "loan_officer", "admin"] }).notNull(),
    /** The name given with the first owner record: what reports are prepared for. */
    name: text(),
    /** The language the person chose ("en" or "es"): their pages and every mail to them. Null: none chosen yet. */
    locale: text({ enum: ["en", "es"] }),
    /** A partner's member (embedded dashboard): the site that vouches for them and its id for them. */
    partnerSiteId: integer("partner_site_id"),
    partnerMemberId: text("partner_member_id"),
    /**
     * A homeowner's loan officer: the officer who invited them or whose portfolio lists their email, else the partner
     * site's officer, else the organization's default (resolved when null: lib/services/portfolio/officers.ts).
     */
    officerId: integer("officer_id"),
    /**
     * When a loan officer last looked at their alerts (the first screen or the client list): an opportunity opened
     * after it is "new" to them.
     */
    alertsSeenAt: timestamp("alerts_seen_at", { withTimezone: true }),
    /** The authenticator app's secret (RFC 6238), encrypted under DATA_ENCRYPTION_KEY (lib/security/data-key.ts). */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment and not yet confirmed with a code (encrypted too); replaced by each new start. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted: a code of that step or an earlier one is a replay. */
    totpLastStep: integer("totp_last_step"),
    /** The organization's identity provider's `sub` for a person signed in with single sign-on. */
    oidcSubject: text("oidc_subject"),
    /**
     * When the account proved it holds its email (a link mailed to it, or an invitation mailed to it accepted): until
     * then it may not add a second factor, and an invitation or a reset accepted for it removes every factor it has.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * Second-factor codes refused in a row (reset by a right one); past the limit `factorLockedAt` holds the factor
     * sign-in.
     */
    factorFailures: integer("factor_failures").notNull().default(0),
    factorLockedAt: timestamp("factor_locked_at", { withTimezone: true }),
    /**
     * The last sign-in (disposal counts RETENTION_DAYS from it and from the last mail), and the disposal warning sent.
     */
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
    /**
     * The session started waiting for the account's second factor: it never becomes more than that without giving one
     * (removing the account's last factor elsewhere does not open it).
     */
    factorHeld: boolean("factor_held").notNull().default(false),
    /**
     * When this session last proved the account's password (its sign-in, or a re-authentication): adding a factor asks
     * for a recent one.
     */
    passwordAt: timestamp("password_at", { withTimezone: true }),
    /**
     * Single sign-on sessions: the provider's refresh token (sealed) and when the person's groups were last checked
     * with it.
     */
    oidcRefreshToken: text("oidc_refresh_token"),
    oidcCheckedAt: timestamp("oidc_checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** Links that prove an account holds its email: the SHA-256 of the token, good once for 24 hours. */
export const emailVerifications = app.table(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The email the link was sent to: a link for an email the account no longer has proves nothing. */
    email: text().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verifications_user").on(t.userId)],
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
