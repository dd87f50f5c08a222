import { describe, expect, it } from "vitest";
import { frameAncestors, isSafeOrigin } from "./origins";

describe("isSafeOrigin", () => {
  it.each([
    "https://bank.example",
    "http://localhost:3123",
    "http://127.0.0.1:41234",
    "https://my-bank.co.uk:8443",
    "http://a",
  ])("takes %s", (origin) => {
    expect(isSafeOrigin(origin)).toBe(true);
  });

  it.each([
    "http://*",
    "https://*.example",
    "*",
    "'self'",
    "http://bank.example/",
    "http://bank.example/path",
    "http://user@bank.example",
    "http://bank.example:80",
    "https://bank.example:443",
    "http://bank.example:0",
    "http://bank.example:99999",
    "HTTP://BANK.EXAMPLE",
    "http://bank.example; script-src *",
    "http://bank.example http://evil.example",
    "http://bank.example,http://evil.example",
    "http://[::1]:3000",
    "http://-bank.example",
    "http://bank..example",
    "javascript://bank.example",
    "ftp://bank.example",
    "data:",
    "http://",
    "",
    undefined,
    42,
  ])("refuses %j", (origin) => {
    expect(isSafeOrigin(origin)).toBe(false);
  });
});

describe("frameAncestors", () => {
  it("keeps the safe origins and drops the rest; 'none' when nothing is left", () => {
    expect(frameAncestors(["https://bank.example", "http://*", "http://localhost:3000"])).toBe(
      "https://bank.example http://localhost:3000",
    );
    expect(frameAncestors(["http://*", "*"])).toBe("'none'");
    expect(frameAncestors([])).toBe("'none'");
  });
});
