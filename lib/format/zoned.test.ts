import { describe, expect, it } from "vitest";
import { languageName, zonedDateTime } from "./zoned";

const AT = "2026-12-03T04:28:00Z";

describe("a time in the homeowner's own zone, named", () => {
  it.each([
    ["en", "America/Chicago", "December 2, 2026 at 10:28 PM CST"],
    ["en", "America/Los_Angeles", "December 2, 2026 at 8:28 PM PST"],
    ["es", "America/Chicago", "2 de diciembre de 2026 a las 10:28 p.m. CST"],
    ["en", null, "December 3, 2026 at 4:28 AM UTC"],
    ["en", "Not/A_Zone", "December 3, 2026 at 4:28 AM UTC"],
  ] as const)("%s in %s", (locale, zone, expected) => {
    expect(zonedDateTime(locale, AT, zone).replace(/\s/g, " ")).toBe(expected);
  });
});

describe("a language as a word", () => {
  it.each([
    ["en", "es", "Spanish"],
    ["es", "es", "español"],
    ["en", "en", "English"],
    ["es", "en", "inglés"],
  ] as const)("%s reads %s as %s", (locale, language, expected) => {
    expect(languageName(locale, language)).toBe(expected);
  });
});
