import { createHash, randomBytes } from "node:crypto";

/** What a token may be used for; each route that serves tokens declares the one it needs (route()'s `tokenScope`). */
export const TOKEN_SCOPES = ["leads:read", "leads:write", "clients:read", "clients:write", "lookups"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const SCOPE_LABELS: Record<TokenScope, string> = {
  "leads:read": "Read leads",
  "leads:write": "Change leads' status",
  "clients:read": "Read clients and their opportunities",
  "clients:write": "Add, import, refresh and invite clients",
  lookups: "Look up addresses: estimates, equity, owner checks, reports",
};

/** The scopes as a form offers them. */
export const SCOPE_CHOICES = TOKEN_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }));

/** A token lives at most a year: a forgotten one stops working on its own. */
export const MAX_TOKEN_DAYS = 365;
export const TOKEN_PREFIX = "hdt_";

/**
 * The token's digest as stored: SHA-256 is enough for 256 random bits (no guessing to slow down, unlike a password).
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token: `hdt_` and 32 random bytes (base64url), its digest, and the first characters a list shows. */
export function newToken(): { token: string; hash: string; prefix: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) };
}

/** The API token an `Authorization: Bearer hdt_…` header carries, if it carries one (a session's token is not one). */
export function bearerApiToken(header: string | null): string | undefined {
  const given = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  return given?.startsWith(TOKEN_PREFIX) ? given : undefined;
}
