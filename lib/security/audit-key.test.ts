import { afterEach, describe, expect, it, vi } from "vitest";

const OLD = Buffer.alloc(32, 1).toString("base64");
const NEW = Buffer.alloc(32, 2).toString("hex");

/** The key module as a process started with this configuration sees it. */
async function started(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return import("./audit-key");
}

describe("the activity log's key", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("still verifies what an earlier key chained once it is rotated into AUDIT_HMAC_KEY_PREVIOUS, and knows no other", async () => {
    const before = await started({ AUDIT_HMAC_KEY: OLD, AUDIT_HMAC_KEY_PREVIOUS: "" });
    const oldId = before.auditKeys().current.id;
    const written = before.auditHmac(oldId, "audit-row", "a row");
    expect(written).toMatch(/^[0-9a-f]{64}$/);

    const after = await started({ AUDIT_HMAC_KEY: NEW, AUDIT_HMAC_KEY_PREVIOUS: OLD });
    expect(after.auditKeys().current.id).not.toBe(oldId);
    expect(after.auditHmac(oldId, "audit-row", "a row")).toBe(written);
    // The purpose is part of what is signed: a row's HMAC is not a checkpoint's.
    expect(after.auditHmac(oldId, "audit-checkpoint", "a row")).not.toBe(written);

    const forgotten = await started({ AUDIT_HMAC_KEY: NEW, AUDIT_HMAC_KEY_PREVIOUS: "" });
    expect(forgotten.auditHmac(oldId, "audit-row", "a row")).toBeUndefined();
  });
});
