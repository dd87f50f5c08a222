import { describe, expect, it } from "vitest";
import { normalizeCode, totpCode, totpStep } from "./totp";

// RFC 6238's SHA-1 test secret ("12345678901234567890" as base32) and its published 8-digit values, of which an
// authenticator app shows the last 6 digits.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("authenticator codes (RFC 6238: SHA-1, 30 s, 6 digits)", () => {
  it("gives the RFC's test values", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });

  it("accepts the step before and after now (clock drift), and no further", () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeUndefined();
    expect(totpStep(RFC_SECRET, "000000", now)).toBeUndefined();
  });

  it("reads a code as people type it", () => {
    expect(normalizeCode(" 123 456 ")).toBe("123456");
    expect(normalizeCode("abcde-fghjk")).toBe("ABCDEFGHJK");
  });
});
