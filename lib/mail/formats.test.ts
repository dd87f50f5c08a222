import { describe, expect, it } from "vitest";
import type { Brand } from "@/lib/env";
import { homeownerDigestMessage, type DigestHome } from "./digest";
import { leadNoticeMessage, leadSummaryMessage, type LeadLine } from "./lead-messages";
import {
  accountDeletedMessage,
  DISPOSAL_SUBJECTS,
  invitationMessage,
  ownershipLetter,
  retentionWarningMessage,
  webhookDisabledMessage,
} from "./messages";
import { reportLinkMessage } from "./report-link";

// A day and an instant as people read them in the body of each message (the `Date` header is the transport's).
const DAY = "November 26, 2026";
const INSTANT = "November 26, 2026 at 3:04 PM UTC";
const at = new Date("2026-11-26T15:04:09Z");
const HYPHEN_NEGATIVE = /(^|[\s(])-[$\d]/m;

const brand: Brand = {
  provider: "Property Data Service",
  logoUrl: "/brand/logo.svg",
  disclaimer: "An estimate, not an appraisal.",
  methodologyUrl: "/how",
};

const lead: LeadLine = {
  id: 1,
  kind: "call",
  status: "new",
  name: "Dana Reyes",
  email: "dana@example.com",
  address: "2800 N 24th St, Phoenix, AZ 85008",
  phone: "+16025550123",
  bestTime: null,
  timeZone: null,
  message: null,
  scenario: null,
  createdAt: at,
  url: "https://app.example/leads/1",
};

const falling: DigestHome = {
  address: "2800 N 24th St, Phoenix, AZ 85008",
  estimate: {
    value: 400_000,
    low: 380_000,
    high: 420_000,
    confidence: 90,
    date: "2026-11-01",
    changeAmount: -1_234,
    changePercent: -0.31,
  },
  loans: 200_000,
  equity: 200_000,
  available: 120_000,
  maxLtv: 0.8,
};

describe("dates, signs and percentages in the mail's body", () => {
  it.each([
    [
      "the ownership letter",
      ownershipLetter({ name: "Dana Reyes", address: "x", code: "123456", expires: at, origin: "https://app.example" })
        .text,
      `works until ${DAY}.`,
    ],
    [
      "an invitation",
      invitationMessage({
        to: "a@example.com",
        name: "Dana",
        address: "x",
        url: "https://u",
        invitedBy: "Ann",
        expires: at,
      }).text,
      `until ${INSTANT}.`,
    ],
    [
      "a report link",
      reportLinkMessage({ to: "a@example.com", address: "x", url: "https://u", expires: at, lender: "Acme" }).text,
      `until ${INSTANT}.`,
    ],
    [
      "the retention warning",
      retentionWarningMessage({
        to: "a@example.com",
        lastUse: new Date("2024-11-26T08:00:00Z"),
        deleteOn: at,
        origin: "https://app.example",
      }).text,
      `since November 26, 2024. We do not keep personal data longer than it is used, so we will delete your account on ${DAY}:`,
    ],
    [
      "a webhook turned off",
      webhookDisabledMessage({
        to: "a@example.com",
        url: "https://hook",
        since: at,
        reason: "500",
        pageUrl: "https://p",
      }).text,
      `since ${INSTANT},`,
    ],
    [
      "a lead's notice",
      leadNoticeMessage({ to: "o@example.com", lead, preferencesUrl: "https://p" }).text,
      `Came in: ${INSTANT}`,
    ],
    [
      "the daily summary",
      leadSummaryMessage({
        to: "o@example.com",
        day: "2026-11-26",
        fresh: [lead],
        overdue: [],
        leadsUrl: "https://l",
        preferencesUrl: "https://p",
      }).text,
      `Your leads on ${DAY}.`,
    ],
  ])("%s", (_, text, words) => {
    expect(text).toContain(words);
    expect(text).not.toMatch(/GMT|\d{4}-\d{2}-\d{2}\b(?!T)/);
  });

  it("the monthly digest says a fall with U+2212, in dollars and in percent at one decimal, and the limit as a whole percent", () => {
    const message = homeownerDigestMessage({
      to: "a@example.com",
      month: "November 2026",
      homes: [falling],
      dashboardUrl: "https://d",
      preferencesUrl: "https://p",
      unsubscribeUrl: "https://u",
      headers: {},
      brand,
      origin: "https://app.example",
    });
    expect(message.text).toContain("Since last month: \u2212$1,234 (\u22120.3%)");
    expect(message.html).toContain("\u2212$1,234 (\u22120.3%)");
    expect(message.text).toContain("You could borrow (up to 80% of the value): $120,000");
    expect(message.text).toContain(`as of November 1, 2026`);
    expect(message.text).not.toMatch(HYPHEN_NEGATIVE);
  });
});

describe("a homeowner's mail in Spanish", () => {
  it("an invitation: its words, its date and the <html lang>", () => {
    const message = invitationMessage({
      to: "a@example.com",
      name: "Dana",
      address: "x",
      url: "https://u",
      invitedBy: "Ann",
      expires: at,
      locale: "es",
    });
    expect(message.subject).toBe("El panel de su vivienda en x");
    expect(message.text).toContain("Hola, Dana:");
    expect(message.text).toContain("hasta el 26 de noviembre de 2026, 3:04 p.m. UTC.");
    expect(message.html).toContain('<html lang="es">');
    expect(message.html).toContain("O copie este enlace en su navegador: https://u");
  });

  it("the English stays as it was, with its <html lang>", () => {
    const message = invitationMessage({
      to: "a@example.com",
      name: "Dana",
      address: "x",
      url: "https://u",
      invitedBy: "Ann",
      expires: at,
    });
    expect(message.html).toContain('<html lang="en">');
    expect(message.text).toContain("Hello Dana,");
  });

  it("a report link, in the widget's language", () => {
    const message = reportLinkMessage({
      to: "a@example.com",
      address: "x",
      url: "https://u",
      expires: at,
      lender: "Acme",
      locale: "es",
    });
    expect(message.subject).toBe("El informe de su vivienda en x");
    expect(message.text).toContain("en el sitio de Acme");
    expect(message.text).toContain("Abrir mi informe: https://u");
  });

  it("the retention warning and the deletion notice; both languages' subjects are the disposal's own", () => {
    const warning = retentionWarningMessage({
      to: "a",
      lastUse: new Date("2024-11-26T08:00:00Z"),
      deleteOn: at,
      origin: "https://app.example",
      locale: "es",
    });
    expect(warning.text).toContain("no se usa desde el 26 de noviembre de 2024");
    expect(warning.text).toContain(`eliminaremos su cuenta el 26 de noviembre de 2026`);
    expect(DISPOSAL_SUBJECTS).toContain(warning.subject);
    const deleted = accountDeletedMessage({ to: "a", reason: "request", locale: "es" });
    expect(deleted.text).toContain("Como usted lo pidió");
    expect(DISPOSAL_SUBJECTS).toContain(deleted.subject);
    expect(DISPOSAL_SUBJECTS).toContain("Your home dashboard account will be deleted");
  });

  it("the monthly digest: figures the Spanish way, its words, and the officer's card", () => {
    const message = homeownerDigestMessage({
      to: "a@example.com",
      locale: "es",
      month: "noviembre de 2026",
      homes: [falling],
      dashboardUrl: "https://d",
      preferencesUrl: "https://p",
      unsubscribeUrl: "https://u",
      headers: {},
      brand,
      origin: "https://app.example",
    });
    expect(message.subject).toContain("Su vivienda en noviembre de 2026");
    expect(message.subject).toContain("bajó");
    expect(message.text).toContain("Desde el mes pasado: \u2212$1,234 (\u22120.3%)");
    expect(message.text).toContain("Podría pedir prestado (hasta el 80% del valor): $120,000");
    expect(message.html).toContain('<html lang="es">');
    expect(message.html).toContain("Cancelar la suscripción");
  });

  it("staff mail stays English", () => {
    expect(leadNoticeMessage({ to: "o@example.com", lead, preferencesUrl: "https://p" }).subject).toBe(
      "New lead: a call request from Dana Reyes",
    );
  });
});
