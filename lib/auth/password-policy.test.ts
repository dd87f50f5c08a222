import { describe, expect, it } from "vitest";
import { weakPasswordReason } from "./password-policy";

describe("new passwords", () => {
  it.each(["password123", "aaaaaaaaaaaa", "qwertyuiop12", "          ", "1234567890"])(
    "refuses %j with a plain reason",
    (password) => {
      expect(weakPasswordReason(password)).toMatch(
        /^The password (must not be blank|is too easy to guess: [a-z].+)\.$/,
      );
    },
  );

  it("names the field it is about, once, in one sentence", () => {
    expect(weakPasswordReason("password123", [], "The new password")).toMatch(
      /^The new password is too easy to guess: [^.]+\.$/,
    );
  });

  it("refuses a password made of the person's own email", () => {
    expect(weakPasswordReason("zorblaxquimby", [])).toBeUndefined();
    expect(weakPasswordReason("zorblaxquimby", ["zorblax.quimby@example.com"])).toMatch(/easy to guess/);
  });

  it.each(["a-good-long-password", "correct horse battery staple", "Tr0ub4dor&3-mountain"])(
    "accepts %j",
    (password) => {
      expect(weakPasswordReason(password)).toBeUndefined();
    },
  );
});
