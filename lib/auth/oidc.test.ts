import { describe, expect, it } from "vitest";
import { idpSecondFactor, roleFromClaims } from "./oidc";

const config = { claim: "groups", officerValues: ["loan_officer", "lending"], adminValues: ["admin"] };

describe("the role a person's groups give", () => {
  it("makes an officer or an admin; admin wins when both match", () => {
    expect(roleFromClaims({ groups: ["staff", "lending"] }, config)).toBe("loan_officer");
    expect(roleFromClaims({ groups: ["admin"] }, config)).toBe("admin");
    expect(roleFromClaims({ groups: ["loan_officer", "admin"] }, config)).toBe("admin");
  });

  it("gives none for other groups, no claim, or a claim of another shape", () => {
    expect(roleFromClaims({ groups: ["everyone"] }, config)).toBeUndefined();
    expect(roleFromClaims({ groups: [] }, config)).toBeUndefined();
    expect(roleFromClaims({}, config)).toBeUndefined();
    expect(roleFromClaims({ groups: { admin: true } }, config)).toBeUndefined();
    expect(roleFromClaims({ groups: [1, null, ["admin"]] }, config)).toBeUndefined();
  });

  it("reads the configured claim, one group sent as a plain string too, matching exactly", () => {
    expect(roleFromClaims({ roles: "admin", groups: [] }, { ...config, claim: "roles" })).toBe("admin");
    expect(roleFromClaims({ groups: ["Admin", "admins", "loan_officer "] }, config)).toBeUndefined();
  });
});

describe("the identity provider's second factor", () => {
  it("counts mfa, otp, hwk and swk when the app trusts the provider", () => {
    for (const method of ["mfa", "otp", "hwk", "swk"]) expect(idpSecondFactor({ amr: ["pwd", method] }, true)).toBe(true);
  });

  it("does not count one factor alone, nor two of one kind: a code, a key or a text message without a password (NIST SP 800-63B)", () => {
    for (const amr of [["otp"], ["hwk"], ["swk"], ["sms"], ["otp", "sms"], ["hwk", "otp"], ["pwd", "pin"], ["pwd", "kba"]])
      expect({ amr, mfa: idpSecondFactor({ amr }, true) }).toEqual({ amr, mfa: false });
  });

  it("counts a password with something held or something one is", () => {
    for (const amr of [["pwd", "otp"], ["pwd", "sms"], ["pin", "hwk"], ["pwd", "fpt"], ["hwk", "face"], ["mfa"]])
      expect({ amr, mfa: idpSecondFactor({ amr }, true) }).toEqual({ amr, mfa: true });
  });

  it("does not count a password alone, a missing or malformed amr, or any amr when the provider is not trusted", () => {
    expect(idpSecondFactor({ amr: ["pwd"] }, true)).toBe(false);
    expect(idpSecondFactor({}, true)).toBe(false);
    expect(idpSecondFactor({ amr: "mfa" }, true)).toBe(false);
    expect(idpSecondFactor({ amr: ["pwd", "mfa"] }, false)).toBe(false);
  });
});
