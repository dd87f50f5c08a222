import { index, integer, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { app } from "./namespaces";

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
  /** The language the officer chose for the client: the invitation's mail, then the account made from it. */
  locale: text({ enum: ["en", "es"] })
    .notNull()
    .default("en"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  acceptedBy: integer("accepted_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
