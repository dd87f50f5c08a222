import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_OFFERS } from "@/lib/services/platform/settings";
import { renderIntl } from "@/lib/testing/intl";
import { BorrowingScenarios } from "./borrowing-scenarios";

const home = (loanBalance: number, yourFigures = false) => ({
  value: 500_000,
  loanBalance,
  maxLtv: 0.8,
  yourFigures,
  loanRates: [],
});
const scenarios = (loanBalance: number, locale: Locale, yourFigures = false) =>
  parse(
    renderIntl(<BorrowingScenarios home={home(loanBalance, yourFigures)} offers={DEFAULT_OFFERS} />, locale),
  ).text.replace(/\s+/g, " ");

describe("the borrowing scenarios", () => {
  it("read in English as before", () => {
    const text = scenarios(300_000, "en");
    expect(text).toContain("Home equity line");
    expect(text).toContain("Offered at 8.5% a year over 20 years.");
    expect(text).toContain("Up to $100,000, keeping your loans within 80% of the value.");
    expect(text).toMatch(/\$[\d,]+\.\d\d a month/);
    expect(text).toContain("An illustration, not an offer of credit.");
  });

  it("read in Spanish, with US Spanish figures (es-US)", () => {
    const text = scenarios(300_000, "es");
    expect(text).toContain("Línea de crédito sobre el valor de la vivienda (HELOC)");
    expect(text).toContain("Se ofrece a una tasa de interés de 8.5% anual a 20 años.");
    expect(text).toMatch(/\$[\d,]+\.\d\d al mes/);
    expect(text).toContain("Es una ilustración, no una oferta de crédito.");
    expect(text).not.toContain("a month");
  });

  it("say why nothing is available, in either language", () => {
    expect(scenarios(450_000, "en", true)).toMatch(
      /Nothing is available for a line now\. Your loans are [\d.]+% of the value \(your figures\); the limit is 80%\. A value above \$[\d,]+ or a balance below \$[\d,]+ would open a line\./,
    );
    expect(scenarios(450_000, "es", true)).toContain("Por ahora no hay nada disponible para una línea de crédito.");
  });
});
