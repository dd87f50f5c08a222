import { z } from "zod";
import { DbId } from "@/lib/db/id";
import { MAX_TOKEN_DAYS, TOKEN_SCOPES } from "@/lib/auth/api-token-format";

/** What the API tokens' routes accept and answer (`/api/account/tokens`, `/api/admin/tokens`). */

export const NewApiTokenBody = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(80, "name must be at most 80 characters")
    .describe('What the token is for, to recognize it in the list ("CRM sync")'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: `must be one of ${TOKEN_SCOPES.join(", ")}` }), {
      error: "scopes must be a list of scopes",
    })
    .min(1, "scopes must name at least one scope")
    .max(TOKEN_SCOPES.length, `scopes may name each of the ${TOKEN_SCOPES.length} scopes once`)
    .refine((scopes) => new Set(scopes).size === scopes.length, "scopes must name each scope once"),
  expiresInDays: z
    .number({ error: "expiresInDays must be a number of days" })
    .int("expiresInDays must be a whole number of days")
    .min(1, "expiresInDays must be at least 1")
    .max(MAX_TOKEN_DAYS, `expiresInDays must be at most ${MAX_TOKEN_DAYS} (a year)`),
});

export const TokenIdParams = z.object({
  tokenId: DbId,
});

export const ApiToken = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  prefix: z.string().describe("The token's first characters, to tell it apart; the token itself is shown once"),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
  owner: z.object({ id: z.number(), email: z.string() }),
});

export const ApiTokens = z.object({ tokens: z.array(ApiToken) });

export const ApiTokenCreated = z.object({
  token: z.string().describe("The token (`hdt_…`): shown this once, only its digest is kept"),
  apiToken: ApiToken,
});
