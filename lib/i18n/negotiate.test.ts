import { describe, expect, it } from "vitest";
import { localeOfHeaders, negotiateLocale } from "./negotiate";

describe("negotiateLocale", () => {
  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["es", "es"],
    ["es-419", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["en;q=0.5,es;q=0.9", "es"],
    ["fr-FR,fr;q=0.9,es;q=0.5", "es"],
    ["fr-FR,de;q=0.9", "en"],
    ["", "en"],
    ["*", "en"],
    ["not a tag!!,;q=", "en"],
    ["es;q=0", "en"],
  ])("reads %j as %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it("is English without a header", () => {
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
  });
});

describe("localeOfHeaders", () => {
  it("prefers the cookie the language switch set to what the browser asks for", () => {
    expect(localeOfHeaders("es", "en-US")).toBe("es");
    expect(localeOfHeaders("en", "es-MX")).toBe("en");
  });

  it("ignores a cookie that names no language of the app", () => {
    expect(localeOfHeaders("fr", "es-MX")).toBe("es");
    expect(localeOfHeaders("<script>", undefined)).toBe("en");
  });
});
