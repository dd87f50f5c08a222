import { describe, expect, it } from "vitest";
import { CATALOGUE_ENGLISH, englishSentence } from "./english-text";

describe("finding English on a Spanish page", () => {
  it.each([
    "Verify to see your loans and equity",
    "What it is worth",
    "Download the report",
    "The code travels by post to your home.",
    "Something went wrong. Please try again.",
  ])("takes %j for English", (text) => {
    expect(englishSentence(text)).toBe(true);
  });

  it.each([
    "Verifique para ver sus préstamos y su capital",
    "Lo que vale su vivienda",
    "Descargar el informe",
    "Valoración proporcionada por Property Data Service",
    "2800 N 24th St, Phoenix, AZ 85008",
    "Patrick Lindqvist",
    "HELOC",
    "$412,000",
    "homeowner@example.com",
    "No a la venta",
  ])("does not take %j for English", (text) => {
    expect(englishSentence(text)).toBe(false);
  });

  it("knows the catalogue's English messages of two words or more", () => {
    expect(CATALOGUE_ENGLISH.get("Skip to content")).toBe("Layout.skipToContent");
    expect(CATALOGUE_ENGLISH.has("Lookup")).toBe(false);
  });
});
