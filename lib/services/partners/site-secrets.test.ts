import { createCipheriv, createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { widgetSites } from "@/lib/db/schema";
import { open } from "@/lib/security/data-key";
import { auditSettled } from "@/lib/services/audit/log";
import { verifyPartnerToken } from "./partners";
import { resealSiteSecrets } from "./site-secrets";
import { createSite, findSite } from "./sites";

/** A partner's token for one of its members, signed with the site's secret (scripts/partner-token.mjs). */
const tokenFor = (siteKey: string, secret: string) =>
  new SignJWT({
    email: "ada@example.com",
    given_name: "Ada",
    family_name: "Byron",
    address: "2800 N 24th St, Phoenix, AZ 85008",
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(siteKey)
    .setSubject("member-1")
    .setIssuedAt()
    .setExpirationTime("5m")
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));

/** How a site's secret was kept before this release: AES-256-GCM under a key derived from the auth secret. */
function legacyValue(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(
    "aes-256-gcm",
    createHash("sha256").update(`${authSecret()}:widget-site-secrets`).digest(),
    iv,
  );
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

describe("a partner site's signing secret at rest", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
  });
  afterAll(async () => {
    await auditSettled();
    (globalThis as { appDatabase?: unknown }).appDatabase = undefined;
    await handle.close();
  });
  const stored = async (id: number) =>
    (await handle.db.select().from(widgetSites).where(eq(widgetSites.id, id)))[0]!.secretEncrypted;

  it("is sealed under DATA_ENCRYPTION_KEY for its own site, and a token signed with it verifies", async () => {
    const { site, siteKey, siteSecret } = await createSite({
      name: "Bank",
      allowedOrigins: ["https://bank.example"],
      dailyBudget: 100,
    });
    const value = await stored(site.id);
    expect(value).not.toContain(siteSecret);
    // Sealed with the data key, bound to the site: it opens for this site's id only.
    expect(open(value, `site-secret:${site.id}`)).toBe(siteSecret);
    expect(() => open(value, `site-secret:${site.id + 1}`)).toThrow();
    expect((await verifyPartnerToken(await tokenFor(siteKey, siteSecret))).site.id).toBe(site.id);
    // A token signed with anything else does not.
    await expect(
      verifyPartnerToken(await tokenFor(siteKey, `sec_${randomBytes(32).toString("base64url")}`)),
    ).rejects.toThrow(/signature/);
  });

  it("kept the earlier way still verifies tokens, and is sealed by keys:rotate", async () => {
    const { site, siteKey } = await createSite({
      name: "Older bank",
      allowedOrigins: ["https://older.example"],
      dailyBudget: 100,
    });
    const secret = `sec_${randomBytes(32).toString("base64url")}`;
    await handle.db
      .update(widgetSites)
      .set({ secretEncrypted: legacyValue(secret) })
      .where(eq(widgetSites.id, site.id));
    (globalThis as { siteReads?: unknown }).siteReads = undefined;
    expect((await findSite(siteKey))?.secretEncrypted).toBe(await stored(site.id));
    expect((await verifyPartnerToken(await tokenFor(siteKey, secret))).site.id).toBe(site.id);

    // keys:rotate seals it (and leaves alone what is already sealed under the current key); it still verifies.
    expect(await resealSiteSecrets(handle.db)).toBe(1);
    expect(open(await stored(site.id), `site-secret:${site.id}`)).toBe(secret);
    expect(await resealSiteSecrets(handle.db)).toBe(0);
    (globalThis as { siteReads?: unknown }).siteReads = undefined;
    expect((await verifyPartnerToken(await tokenFor(siteKey, secret))).site.id).toBe(site.id);
  });
});
