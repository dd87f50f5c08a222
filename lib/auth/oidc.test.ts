import { describe, expect, it } from "vitest";
import { idpSecondFactor, mayLinkByEmail, recentSignIn, roleFromClaims } from "./oidc";

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
    for (const method of ["mfa", "otp", "hwk", "swk"])
      expect(idpSecondFactor({ amr: ["pwd", method] }, true)).toBe(true);
  });

  it("does not count one factor alone, nor two of one kind: a code, a key or a text message without a password (NIST SP 800-63B)", () => {
    for (const amr of [
      ["otp"],
      ["hwk"],
      ["swk"],
      ["sms"],
      ["otp", "sms"],
      ["hwk", "otp"],
      ["pwd", "pin"],
      ["pwd", "kba"],
    ])
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

describe("the provider's acr", () => {
  it("counts an acr the organization named as MFA, and no other", () => {
    expect(idpSecondFactor({ amr: ["pwd"], acr: "urn:lender:mfa" }, true, ["urn:lender:mfa"])).toBe(true);
    expect(idpSecondFactor({ amr: ["pwd"], acr: "urn:lender:password" }, true, ["urn:lender:mfa"])).toBe(false);
    expect(idpSecondFactor({ acr: "urn:lender:mfa" }, false, ["urn:lender:mfa"])).toBe(false);
    expect(idpSecondFactor({ acr: ["urn:lender:mfa"] }, true, ["urn:lender:mfa"])).toBe(false);
  });
});

describe("how long ago the person signed in at the provider", () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const at = (secondsAgo: number) => ({ auth_time: now / 1000 - secondsAgo });

  it("takes a sign-in within max_age (and a few minutes of clock skew)", () => {
    expect(recentSignIn(at(60), 43_200, now)).toBe(true);
    expect(recentSignIn(at(43_200 + 200), 43_200, now)).toBe(true);
    expect(recentSignIn(at(-100), 43_200, now)).toBe(true);
  });

  it("refuses an older one, one far in the future, and a token without auth_time or with one of another shape", () => {
    expect(recentSignIn(at(13 * 3600), 43_200, now)).toBe(false);
    expect(recentSignIn(at(-3600), 43_200, now)).toBe(false);
    expect(recentSignIn({}, 43_200, now)).toBe(false);
    expect(recentSignIn({ auth_time: String(now / 1000) }, 43_200, now)).toBe(false);
  });
});

describe("linking an account by the email the provider asserts", () => {
  const staff = { role: "loan_officer" as const, oidcSubject: null };

  it("links a staff account held by no subject, when the email is verified and staff passwords sign nobody in", () => {
    expect(mayLinkByEmail(staff, true, false)).toBe(true);
  });

  it("never links on an unverified email, a homeowner, an account another subject holds, or a staff account whose password signs in", () => {
    expect(mayLinkByEmail(staff, false, false)).toBe(false);
    expect(mayLinkByEmail(staff, undefined, false)).toBe(false);
    expect(mayLinkByEmail(staff, "true", false)).toBe(false);
    expect(mayLinkByEmail({ role: "homeowner", oidcSubject: null }, true, false)).toBe(false);
    expect(mayLinkByEmail({ role: "admin", oidcSubject: "someone-else" }, true, false)).toBe(false);
    expect(mayLinkByEmail(staff, true, true)).toBe(false);
  });
});
