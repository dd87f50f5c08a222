import { translator } from "@/lib/i18n/messages";
import { describe, expect, it } from "vitest";
import {
  canMove,
  formatPhone,
  isOverdue,
  LeadBody,
  leadDay,
  nextStatuses,
  oneBusinessDayAfter,
  timeZoneOfAddress,
} from "./rules";

const errorsOf = (body: unknown) => {
  const parsed = LeadBody.safeParse(body);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("a lead's rules", () => {
  it("a question needs a message of at most 2,000 characters", () => {
    expect(errorsOf({ kind: "question", propertyId: 1 })).toHaveProperty("message");
    expect(errorsOf({ kind: "question", propertyId: 1, message: "x".repeat(2001) })).toHaveProperty("message");
    expect(errorsOf({ kind: "question", propertyId: 1, message: "x".repeat(2000) })).toEqual({});
  });

  it("a phone needs consent, and must be a real number", () => {
    expect(errorsOf({ kind: "call", propertyId: 1, phone: "206 555 0123" })).toHaveProperty("consent");
    expect(errorsOf({ kind: "call", propertyId: 1, phone: "206 555 0123", consent: false })).toHaveProperty("consent");
    expect(errorsOf({ kind: "call", propertyId: 1, phone: "12", consent: true })).toHaveProperty("phone");
    expect(errorsOf({ kind: "call", propertyId: 1, phone: "(206) 386-4000", consent: true })).toEqual({});
    expect(errorsOf({ kind: "call", propertyId: 1 })).toHaveProperty("phone");
    // A quote's phone is optional; given, it needs consent as much as a call's.
    const heloc = { type: "heloc", amount: 50_000, available: 80_000, ratePercent: 8.5, termYears: 20 };
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: heloc })).toEqual({});
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: heloc, phone: "206 386 4000" })).toHaveProperty(
      "consent",
    );
  });

  it("formats US numbers as E.164 and refuses what is not a number", () => {
    expect(formatPhone("(206) 386-4000")).toBe("+12063864000");
    expect(formatPhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(formatPhone("555")).toBeUndefined();
  });

  it("a quote names a known scenario with sane figures", () => {
    expect(errorsOf({ kind: "quote", propertyId: 1 })).toHaveProperty("scenario");
    expect(Object.keys(errorsOf({ kind: "quote", propertyId: 1, scenario: { type: "boat", amount: 1 } }))[0]).toMatch(
      /^scenario/,
    );
    const bad = { type: "heloc", amount: 90_000, available: 80_000, ratePercent: 8.5, termYears: 20 };
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: bad })).toHaveProperty("scenario.amount");
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: { ...bad, amount: -5 } })).toHaveProperty(
      "scenario.amount",
    );
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: { ...bad, amount: 1, ratePercent: 99 } })).toHaveProperty(
      "scenario.ratePercent",
    );
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: { ...bad, amount: 1, loanNumber: "123" } })).not.toEqual(
      {},
    );
    const pmi = { type: "pmi_removal", value: 500_000, loanBalance: 390_000, ltvPercent: 78 };
    expect(errorsOf({ kind: "quote", propertyId: 1, scenario: pmi })).toEqual({});
  });

  it("the consent's words name the lender, in each language", () => {
    expect(translator("en", "ConsentWords")("text", { lender: "Acme Home Loans" })).toContain(
      "Acme Home Loans may call or text me",
    );
    expect(translator("es", "ConsentWords")("text", { lender: "Acme Home Loans" })).toContain(
      "Acepto que Acme Home Loans me llame",
    );
    expect(translator("es", "WidgetConsent")("text", { lender: "Acme Home Loans" })).toContain(
      "Acepto que Acme Home Loans me llame",
    );
  });

  it("the home's time zone comes from its state", () => {
    expect(timeZoneOfAddress("3901 WALLINGFORD AVE N, SEATTLE, WA 98103")).toBe("America/Los_Angeles");
    expect(timeZoneOfAddress("2800 N 24TH ST, PHOENIX, AZ 85008-1234")).toBe("America/Phoenix");
    expect(timeZoneOfAddress("somewhere")).toBeUndefined();
  });

  it("status moves new → contacted → won | lost | spam, never back", () => {
    expect(canMove("new", "contacted")).toBe(true);
    expect(canMove("contacted", "won")).toBe(true);
    expect(canMove("new", "won")).toBe(false);
    expect(canMove("won", "new")).toBe(false);
    expect(nextStatuses("spam")).toEqual([]);
  });

  it("an open lead is overdue after one business day (weekends skipped)", () => {
    const friday = new Date("2026-11-27T10:00:00Z");
    expect(oneBusinessDayAfter(friday).toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(isOverdue({ status: "new", createdAt: friday }, new Date("2026-11-29T12:00:00Z"))).toBe(false);
    expect(isOverdue({ status: "new", createdAt: friday }, new Date("2026-11-30T10:00:00Z"))).toBe(true);
    expect(isOverdue({ status: "won", createdAt: friday }, new Date("2026-12-30T10:00:00Z"))).toBe(false);
    expect(leadDay(friday)).toBe("2026-11-27");
  });
});

describe("a lead's figures and age in words", () => {
  it("names the scenario and formats each figure", async () => {
    const { scenarioLine, timeSince } = await import("./rules");
    expect(scenarioLine({ type: "heloc", amount: 50_000, available: 80_000, ratePercent: 8.5, termYears: 20 })).toBe(
      "Home equity line: amount $50,000 · available $80,000 · rate 8.5% · term 20 years",
    );
    expect(scenarioLine(null)).toBeUndefined();
    // A widget visitor's lead carries the estimate they saw (review: it read "undefined: kind estimate · …").
    expect(
      scenarioLine({
        kind: "estimate",
        value: 612_000,
        low: 590_000,
        high: 640_000,
        confidence: 87,
        date: "2026-11-01",
      }),
    ).toBe("Estimated value: $612,000 (range $590,000–$640,000)");
    const now = new Date("2026-11-27T12:00:00Z");
    expect(timeSince(new Date("2026-11-27T11:59:30Z"), now)).toBe("just now");
    expect(timeSince(new Date("2026-11-27T09:00:00Z"), now)).toBe("3 h ago");
    expect(timeSince(new Date("2026-11-25T09:00:00Z"), now)).toBe("2 days ago");
  });
});
