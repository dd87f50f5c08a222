import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Brand } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import type { HomeRecordsDto } from "@/lib/services/homes/records-dto";
import { renderIntl } from "@/lib/testing/intl";
import { ComparablesSection } from "./comparables-section";
import { LoansSection } from "./loans-section";
import { ValueHistorySection } from "./value-history-section";

const brand: Brand = {
  provider: "Property Data Service",
  logoUrl: "/brand/logo.svg",
  disclaimer: "An estimate, not an appraisal.",
  methodologyUrl: "/m",
};

const records: HomeRecordsDto = {
  sales: [{ date: "2019-05-01", price: 410_000 }],
  assessments: null,
  estimate: null,
  estimates: [{ date: "2026-11-01", value: 600_000, low: 560_000, high: 640_000 }],
  livingSqft: 2100,
  comparables: [
    {
      address: "2604 N 24th St, Phoenix, AZ 85008",
      date: "2026-06-02",
      price: 512_000,
      livingSqft: 1980,
      pricePerSqft: 259,
      distanceMiles: 0.4,
    },
    {
      address: "2610 N 24th St, Phoenix, AZ 85008",
      date: null,
      price: null,
      livingSqft: null,
      pricePerSqft: null,
      distanceMiles: null,
    },
  ],
  loans: [
    {
      position: 1,
      lender: "Desert Bank",
      type: "fha",
      ratePercent: 6.125,
      originalAmount: 300_000,
      recordedDate: "2019-05-01",
      estimatedBalance: 250_000,
    },
    {
      position: null,
      lender: null,
      type: null,
      ratePercent: null,
      originalAmount: null,
      recordedDate: null,
      estimatedBalance: 20_000,
    },
  ],
};

const text = (ui: React.ReactElement, locale: Locale) =>
  parse(renderIntl(ui, locale))
    .textContent.replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ");

describe("the home's records", () => {
  it("read in English as before", () => {
    const loans = text(<LoansSection loans={records.loans} />, "en");
    expect(loans).toContain("First");
    expect(loans).toContain("Loan 2");
    expect(loans).toContain("6.125%");
    expect(loans).toContain("Total estimated balance");
    const comparables = text(
      <ComparablesSection comparables={records.comparables} home={{ sqft: 2100, price: 600_000 }} />,
      "en",
    );
    expect(comparables).toContain("1,980 sq ft");
    expect(comparables).toContain("0.40 mi");
    expect(comparables).toContain("not on record");
    expect(comparables).toContain("of 2 recent sales nearby");
    const history = text(<ValueHistorySection records={records} brand={brand} confidence={74} />, "en");
    expect(history).toContain("Not on record: assessments.");
    expect(history).toContain("Recorded sale");
  });

  it("read in Spanish, figures and dates the US Spanish way (es-US)", () => {
    const loans = text(<LoansSection loans={records.loans} />, "es");
    expect(loans).toContain("Primero");
    expect(loans).toContain("Préstamo 2");
    expect(loans).toContain("6.125%");
    expect(loans).toContain("Saldo estimado total");
    expect(loans).toContain("1 de mayo de 2019");
    expect(loans).not.toContain("not on record");
    const comparables = text(
      <ComparablesSection comparables={records.comparables} home={{ sqft: 2100, price: 600_000 }} />,
      "es",
    );
    expect(comparables).toContain("1,980 pies²");
    expect(comparables).toContain("0.40 mi");
    expect(comparables).toContain("sin registro");
    expect(comparables).toContain("de 2 ventas recientes cercanas");
    const history = text(<ValueHistorySection records={records} brand={brand} confidence={74} />, "es");
    expect(history).toContain("Sin registros: valoraciones fiscales.");
    expect(history).toContain("Venta registrada");
    expect(history).toContain("Estimación del servicio");
    expect(history).toContain("Valoración proporcionada por Property Data Service");
  });
});
