import { describe, expect, it, vi } from "vitest";

/** The module reads its keys once from the environment: each case imports a fresh copy under its own. */
async function withKeys(current: string, previous?: string) {
  vi.resetModules();
  vi.stubEnv("DATA_ENCRYPTION_KEY", current);
  vi.stubEnv("DATA_ENCRYPTION_KEY_PREVIOUS", previous ?? "");
  return import("./data-key");
}

const KEY_A = Buffer.alloc(32, 1).toString("base64");
const KEY_B = Buffer.alloc(32, 2).toString("hex");

describe("secrets at rest (AES-256-GCM under DATA_ENCRYPTION_KEY)", () => {
  it("opens what it sealed, for the same account only, and never shows the secret in the sealed text", async () => {
    const { open, seal } = await withKeys(KEY_A);
    const sealed = seal("JBSWY3DPEHPK3PXP", "totp:42");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(seal("JBSWY3DPEHPK3PXP", "totp:42")).not.toBe(sealed); // a new IV each time
    expect(open(sealed, "totp:42")).toBe("JBSWY3DPEHPK3PXP");
    // Moved to another account's row, it does not open.
    expect(() => open(sealed, "totp:43")).toThrow();
    // Tampered with (one bit of the ciphertext flipped, so it always differs), it does not open.
    const parts = sealed.split(".");
    const data = Buffer.from(parts[4]!, "base64url");
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString("base64url");
    expect(() => open(parts.join("."), "totp:42")).toThrow();
  });

  it("rotates: the previous key still opens old values, the new one seals, and a value under a key it does not know is refused", async () => {
    const before = await withKeys(KEY_A);
    const old = before.seal("secret", "totp:7");
    const after = await withKeys(KEY_B, KEY_A);
    expect(after.open(old, "totp:7")).toBe("secret");
    expect(after.sealedWithCurrentKey(old)).toBe(false);
    const resealed = after.seal(after.open(old, "totp:7"), "totp:7");
    expect(after.sealedWithCurrentKey(resealed)).toBe(true);
    const withoutOld = await withKeys(KEY_B);
    expect(() => withoutOld.open(old, "totp:7")).toThrow(/unknown key/);
  });

  it("refuses a key that is not 32 bytes: the configuration does, before anything is sealed with it", async () => {
    await expect(withKeys(Buffer.alloc(16).toString("base64"))).rejects.toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 bytes/,
    );
  });
});
