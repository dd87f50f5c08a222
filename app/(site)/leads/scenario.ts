import type { Formats } from "@/lib/format";
import type { translator } from "@/lib/i18n/messages";

type LeadsT = ReturnType<typeof translator<"Leads">>;

/**
 * The figure names the catalogue words (`Leads.scenarioField`); any other is written from its key, as
 * lib/leads/words.ts does.
 */
const FIELDS = new Set([
  "amount",
  "available",
  "loanBalance",
  "rate",
  "currentRate",
  "monthlyPayment",
  "monthlySavings",
  "value",
  "ltv",
  "monthlyPmi",
]);

/**
 * A lead's scenario in the reader's language: "Home equity line: amount $50,000 · available $80,000 · rate 8.5% · term
 * 20 years", or a widget visitor's estimate. English reads exactly as lib/leads/words.ts's `scenarioLine`.
 */
export function scenarioWords(
  scenario: Record<string, number | string | null> | null | undefined,
  t: LeadsT,
  f: Formats,
): string | undefined {
  if (!scenario) return undefined;
  if (scenario.kind === "estimate" && typeof scenario.value === "number") {
    const ranged = typeof scenario.low === "number" && typeof scenario.high === "number";
    return t("scenarioEstimate", {
      value: f.usd(scenario.value),
      hasRange: ranged ? "yes" : "no",
      low: ranged ? f.usd(Number(scenario.low)) : "",
      high: ranged ? f.usd(Number(scenario.high)) : "",
    });
  }
  const figures = Object.entries(scenario)
    .filter(([key, value]) => key !== "type" && value !== null)
    .map(([key, value]) => {
      const percent = /percent$/i.test(key);
      const name = (percent ? key.replace(/Percent$/i, "") : key) || key;
      const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
      const field = FIELDS.has(name) ? t("scenarioField", { field: name, words }) : words;
      if (typeof value !== "number") return t("scenarioFigure", { field, value: String(value) });
      if (key === "termYears") return t("scenarioTerm", { years: f.number(value, Number.isInteger(value) ? 0 : 1) });
      return t("scenarioFigure", { field, value: percent ? f.percent(value, "rate") : f.usd(value) });
    });
  return t("scenarioLine", { type: String(scenario.type), figures: figures.join(" · ") });
}
