import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { checkCode, setTotpSecret } from "./factors";
import { totpCode } from "./totp";
import { createUser } from "./users";

describe("a second factor locked after 100 wrong codes in a row (NIST SP 800-63B 5.2.2)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
  });
  afterAll(async () => {
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });

  it("locks the account's codes at the hundredth wrong one in a row, says so once, and refuses even the right code until unlocked", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const user = await createUser({
      email: "locked@example.com",
      password: "a-long-enough-password",
      role: "loan_officer",
      emailVerified: true,
    });
    await setTotpSecret(user.id, secret);
    // Ninety-nine wrong codes already (the throttle spreads them over days; here they are set at once).
    await handle.pglite!.query("update app.users set factor_failures = 99 where id = $1", [user.id]);
    expect(await checkCode(user.id, "000000", "10.8.0.1")).toMatchObject({
      ok: false,
      reason: "invalid",
      lockedNow: true,
    });
    await handle.pglite!.query("delete from app.sign_in_throttle");
    expect(await checkCode(user.id, totpCode(secret), "10.8.0.2")).toEqual({ ok: false, reason: "locked" });
    // A right code before the hundredth wrong one starts the count again.
    const other = await createUser({
      email: "counted@example.com",
      password: "a-long-enough-password",
      role: "loan_officer",
      emailVerified: true,
    });
    await setTotpSecret(other.id, secret);
    await handle.pglite!.query("update app.users set factor_failures = 98 where id = $1", [other.id]);
    expect(await checkCode(other.id, totpCode(secret), "10.8.0.3")).toMatchObject({ ok: true });
    const [row] = (
      await handle.pglite!.query<{ failures: number }>(
        "select factor_failures as failures from app.users where id = $1",
        [other.id],
      )
    ).rows;
    expect(row!.failures).toBe(0);
  });
});
