import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/auth/api-token-format";
import type { SessionUser } from "@/lib/auth/roles";
import { createUser } from "@/lib/auth/users";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { changeRole } from "./accounts";
import { auditSettled } from "@/lib/services/audit/log";
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from "./api-tokens";

const recent = (user: SessionUser): SessionUser => ({ ...user, secondFactor: "given", secondFactorAt: Date.now() });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { status?: number; code?: string }) => [error.status, error.code],
  );

describe("API tokens (service)", () => {
  let handle: DatabaseHandle;
  let officer: SessionUser;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
    officer = recent(
      await createUser({ email: "officer@example.com", password: "a-long-officer-passphrase", role: "loan_officer" }),
    );
  });
  afterAll(async () => {
    await auditSettled();
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });

  it("keeps only the token's digest, and finds its owner by it", async () => {
    const { token, apiToken } = await createApiToken(
      { user: officer, ip: "10.0.0.1" },
      { name: "CRM", scopes: ["clients:read"], expiresInDays: 30 },
      "own",
    );
    const rows = await handle.db.execute(`select token_hash, prefix from app.api_tokens where id = ${apiToken.id}`);
    const stored = JSON.stringify(rows);
    expect(stored).toContain(hashToken(token));
    expect(stored).not.toContain(token.slice(4));
    const holder = await authenticateApiToken(token, "10.0.0.1");
    expect(holder).toMatchObject({
      user: { id: officer.id, role: "loan_officer" },
      token: { id: apiToken.id, name: "CRM", scopes: ["clients:read"] },
    });
    expect(apiToken.expiresAt.slice(0, 10)).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  });

  it("refuses an expired token, a revoked one, and one whose owner is no longer staff", async () => {
    const make = async () =>
      createApiToken({ user: officer, ip: "10.0.0.2" }, { name: "z", scopes: ["lookups"], expiresInDays: 1 }, "own");
    const expired = await make();
    await handle.db.execute(
      `update app.api_tokens set expires_at = now() - interval '1 second' where id = ${expired.apiToken.id}`,
    );
    expect(await failure(authenticateApiToken(expired.token, "10.0.0.2"))).toEqual([401, "invalid_token"]);
    expect((await listApiTokens(officer, "own")).find((t) => t.id === expired.apiToken.id)?.status).toBe("expired");
    const revoked = await make();
    await revokeApiToken({ user: officer, ip: "10.0.0.2" }, revoked.apiToken.id, "own");
    expect(await failure(authenticateApiToken(revoked.token, "10.0.0.2"))).toEqual([401, "invalid_token"]);
    const demoted = await make();
    expect(await authenticateApiToken(demoted.token, "10.0.0.2")).toBeTruthy();
    await handle.db.execute(`update app.users set role = 'homeowner' where id = ${officer.id}`);
    expect(await failure(authenticateApiToken(demoted.token, "10.0.0.2"))).toEqual([401, "invalid_token"]);
    await handle.db.execute(`update app.users set role = 'loan_officer' where id = ${officer.id}`);
  });

  it("revokes a staff member's tokens for good when an admin makes them a homeowner", async () => {
    const admin = recent(
      await createUser({ email: "admin@example.com", password: "a-long-admin-passphrase", role: "admin" }),
    );
    const staff = recent(
      await createUser({ email: "moving@example.com", password: "a-long-staff-passphrase", role: "loan_officer" }),
    );
    const { token } = await createApiToken(
      { user: staff, ip: "10.0.0.6" },
      { name: "m", scopes: ["lookups"], expiresInDays: 1 },
      "own",
    );
    await changeRole(admin, staff.id, "admin");
    expect(await authenticateApiToken(token, "10.0.0.6")).toMatchObject({ user: { role: "admin" } });
    await changeRole(admin, staff.id, "homeowner");
    await changeRole(admin, staff.id, "loan_officer");
    expect(await failure(authenticateApiToken(token, "10.0.0.6"))).toEqual([401, "invalid_token"]);
    expect((await listApiTokens(staff, "own"))[0]?.status).toBe("revoked");
  });

  it("refuses bad tokens from an address after 30 failures (429), but a good one from it still works (review: no lockout by a stranger)", async () => {
    const { token } = await createApiToken(
      { user: officer, ip: "10.0.0.3" },
      { name: "good", scopes: ["lookups"], expiresInDays: 1 },
      "own",
    );
    for (let i = 0; i < 30; i++)
      expect(await failure(authenticateApiToken(`hdt_wrong${i}`, "10.0.0.3"))).toEqual([401, "invalid_token"]);
    expect(await failure(authenticateApiToken("hdt_wrong", "10.0.0.3"))).toEqual([429, "rate_limited"]);
    // A CRM behind the same shared address (a cloud's pool, an office's NAT) is not cut off by someone else's guesses.
    expect((await authenticateApiToken(token, "10.0.0.3")).user.id).toBe(officer.id);
    expect(await failure(authenticateApiToken("hdt_wrong_again", "10.0.0.3"))).toEqual([429, "rate_limited"]);
  });

  it("lets a homeowner have none, and only an admin manage the organization's", async () => {
    const homeowner = recent(
      await createUser({ email: "owner@example.com", password: "a-long-owner-passphrase", role: "homeowner" }),
    );
    expect(
      await failure(
        createApiToken(
          { user: homeowner, ip: "10.0.0.5" },
          { name: "h", scopes: ["lookups"], expiresInDays: 1 },
          "own",
        ),
      ),
    ).toEqual([403, "forbidden"]);
    expect(await failure(listApiTokens(officer, "organization"))).toEqual([403, "forbidden"]);
  });
});
