import { describe, expect, it } from "vitest";
import { localeCookie, localeOfHeaders, negotiateLocale } from "./negotiate";

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

describe("localeCookie", () => {
  it("reads the last locale cookie of a header, as the pages do (a route and a page of one request agree)", () => {
    expect(localeCookie("locale=es; locale=en")).toBe("en");
    expect(localeCookie("locale=en;locale=es")).toBe("es");
    expect(localeCookie("a=1; locale=es; b=2")).toBe("es");
  });

  it("reads no other cookie's value and nothing that is not a language of the app", () => {
    expect(localeCookie("mylocale=es")).toBeUndefined();
    expect(localeCookie("locale=fr")).toBeUndefined();
    expect(localeCookie("locale=es%0d%0aX: y")).toBeUndefined();
    expect(localeCookie(null)).toBeUndefined();
  });
});
