import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import type { EquityDto } from "@/lib/services/homes/dto";
import { renderIntl } from "@/lib/testing/intl";
import { EquityPanel } from "./equity-panel";

const equity = (loans: number) =>
  ({
    estimate: 500_000,
    estimateLow: 450_000,
    estimateHigh: 550_000,
    totalLoanBalance: loans,
    totalEquity: 500_000 - loans,
    ltv: loans / 500_000,
    loans: [{ position: "primary", balance: loans }],
  }) as unknown as EquityDto;
const panel = (loans: number, locale: Locale = "en") =>
  parse(renderIntl(<EquityPanel equity={equity(loans)} orgMaxLtv={0.8} />, locale));

describe("the equity panel", () => {
  it("says why there is nothing to borrow, in a sentence instead of $0 and a range of $0 – $0", () => {
    const root = panel(600_000);
    const available = root.querySelector("[data-testid=available-equity]")!.text.replace(/\s+/g, " ");
    expect(available).toBe(
      "Nothing is available to borrow: the loans on record ($600,000) already exceed the most that can be borrowed against this home at a maximum loan-to-value of 80% ($400,000), even at the top of its estimate range.",
    );
    expect(root.text).not.toContain("Range $0 – $0");
    expect(root.text).not.toContain("Available to borrow");
  });

  it("shows the amount and its range when there is some", () => {
    const root = panel(300_000);
    expect(root.querySelector("[data-testid=available-equity]")!.text).toBe("$100,000");
    expect(root.text).toContain("Range $60,000 – $140,000");
  });

  it("reads in Spanish, figures the US Spanish way (es-US)", () => {
    const root = panel(300_000, "es");
    expect(root.querySelector("[data-testid=available-equity]")!.text).toBe("$100,000");
    expect(root.text).toContain("Disponible para pedir prestado");
    expect(root.text).toContain("Hipoteca principal");
    expect(root.text).not.toContain("Available to borrow");
    const none = panel(600_000, "es").querySelector("[data-testid=available-equity]")!.text.replace(/\s+/g, " ");
    expect(none).toContain("ya superan el máximo");
  });
});
