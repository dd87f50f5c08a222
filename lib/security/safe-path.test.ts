import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackPath } from "./safe-path";

describe("safeCallbackPath", () => {
  it.each([
    "/dashboard",
    "/dashboard/properties/12",
    "/lookup?address=2800%20N%2024th%20St%2C%20Phoenix",
    "/lookup?next=https://elsewhere.example", // a full URL inside the query is only data
    "/admin#sites",
    "/",
  ])("keeps the same-site path %s", (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "/\\evil.example/",
    "\\/evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%255Cevil.example", // encoded twice
    "/%25255Cevil.example", // three times
    "https://evil.example",
    "http://evil.example/dashboard",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "\t/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%00",
    " /dashboard",
    "evil.example",
    "dashboard",
    "",
    "/%E0%A4%A", // malformed escape
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (hostile) => {
    expect(safeCallbackPath(hostile)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("refuses what is not one string, and takes the first of several", () => {
    expect(safeCallbackPath(undefined)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath(42)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackPath(["/dashboard", "//evil.example"])).toBe("/dashboard");
    expect(safeCallbackPath(["//evil.example", "/dashboard"])).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("uses the fallback it is given", () => {
    expect(safeCallbackPath("//evil.example", "/dashboard")).toBe("/dashboard");
  });
});
