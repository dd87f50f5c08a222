import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import { scenarioWords } from "@/app/(site)/leads/scenario";
import { sinceParts } from "@/app/(site)/leads/time-since";
import { formatsFor } from "@/lib/format";
import { translator } from "@/lib/i18n/messages";
import { scenarioLine, timeSince } from "@/lib/leads/words";
import { renderIntl } from "@/lib/testing/intl";
import { LeadStatusButtons } from "./lead-status-buttons";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

describe("the lead's status buttons", () => {
  it("name the status and the moves in English, as before", () => {
    const root = parse(renderIntl(<LeadStatusButtons leadId={3} status="new" next={["contacted", "lost", "spam"]} />));
    expect(root.querySelector('[data-testid="lead-status"]')!.text).toBe("New");
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(["Mark contacted", "Mark lost", "Mark spam"]);
    expect(root.textContent).toContain("Status: New");
  });

  it("and in Spanish", () => {
    const root = parse(renderIntl(<LeadStatusButtons leadId={3} status="contacted" next={["won"]} />, "es"));
    expect(root.textContent).toContain("Estado: Contactada");
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(["Marcar como ganada"]);
  });

  it("the leads' ages read as lib/leads/words.ts writes them in English, and in Spanish", () => {
    const en = translator("en", "Leads");
    const es = translator("es", "Leads");
    const now = new Date("2026-11-26T12:00:00Z");
    for (const minutes of [0, 5, 180, 60 * 24, 60 * 72]) {
      const at = new Date(now.getTime() - minutes * 60_000);
      expect(en("ago", sinceParts(at, now))).toBe(timeSince(at, now));
    }
    expect(es("ago", sinceParts(new Date("2026-11-24T11:00:00Z"), now))).toBe("hace 2 días");
    expect(es("ago", sinceParts(new Date("2026-11-26T09:00:00Z"), now))).toBe("hace 3 h");
  });
});

describe("a lead's scenario in words", () => {
  const scenarios: Record<string, number | string>[] = [
    { type: "heloc", amount: 50_000, available: 80_000, ratePercent: 8.5, termYears: 20 },
    {
      type: "cash_out",
      amount: 40_000,
      available: 90_000,
      loanBalance: 250_000,
      ratePercent: 6.875,
      termYears: 30,
      monthlyPayment: 1_950,
    },
    {
      type: "rate_refinance",
      loanBalance: 250_000,
      currentRatePercent: 7.125,
      ratePercent: 6.25,
      termYears: 30,
      monthlySavings: 140,
    },
    { type: "pmi_removal", value: 420_000, loanBalance: 300_000, ltvPercent: 71.4, monthlyPmi: 95 },
    { kind: "estimate", value: 612_000, low: 590_000, high: 640_000, confidence: 87, date: "2026-11-01" },
    { kind: "estimate", value: 612_000 },
  ];

  it("reads in English exactly as lib/leads/words.ts writes it", () => {
    const en = translator("en", "Leads");
    for (const scenario of scenarios)
      expect(scenarioWords(scenario, en, formatsFor("en"))).toBe(scenarioLine(scenario));
    expect(scenarioWords(null, en, formatsFor("en"))).toBeUndefined();
  });

  it("and in Spanish, its figures the US Spanish way (es-US)", () => {
    const es = translator("es", "Leads");
    const say = (scenario: Record<string, number | string> | undefined) =>
      scenarioWords(scenario, es, formatsFor("es"))?.replace(/\u00a0/g, " ");
    expect(say(scenarios[0])).toBe(
      "Línea de crédito sobre el valor de la vivienda (HELOC): monto $50,000 · disponible $80,000 · tasa 8.5% · plazo de 20 años",
    );
    expect(say(scenarios[4])).toBe("Valor estimado: $612,000 (rango $590,000–$640,000)");
  });
});
