import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import { translator } from "@/lib/i18n/messages";
import { OPPORTUNITY_KINDS, tagLabel, tagShort } from "@/lib/portfolio/opportunities";
import { renderIntl } from "@/lib/testing/intl";
import type { ClientDto, ClientOpportunity } from "@/lib/services/portfolio/clients";
import { ClientList } from "./client-list";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const opportunity: ClientOpportunity = {
  id: 1,
  clientId: 7,
  kind: "rate_refinance",
  label: "Rate-and-term refinance",
  short: "Rate refi",
  reason: "Rates fell.",
  figures: { noteRate: 7.125, currentRate: 6.25, margin: 0.875, value: 412_000 },
  amount: 0,
  worth: 0,
  best: false,
  status: "contacted",
  new: false,
  openedAt: "2026-11-26",
  dismissReason: null,
  updatedAt: "2026-11-26",
};

const client = {
  id: 7,
  name: "Ana Ruiz",
  address: "2800 N 24th St, Phoenix, AZ 85008",
  email: "ana@example.com",
  availableEquity: 84_500,
  ltv: 0.784,
  refreshedAt: "2026-11-26",
  loanType: "fha",
  noteRate: 7.125,
  loanBalance: 250_000,
  invitation: "none",
  opportunities: [opportunity],
} as unknown as ClientDto & { opportunities: ClientOpportunity[] };

const text = (html: string) => parse(html).textContent.replace(/\s+/g, " ");

describe("the client list", () => {
  it("reads in English as it always has: columns, figures, the tag's status and the officer's buttons", () => {
    const html = renderIntl(<ClientList clients={[client]} caption="Clients, page 1 of 1" />);
    const shown = text(html);
    for (const words of [
      "Available equity",
      "Loan on file",
      "Since November 26, 2026",
      "Client's rate",
      "7.125%",
      "0.88 points",
      "$412,000",
      "as of November 26, 2026",
    ])
      expect(shown).toContain(words);
    expect(shown).toContain("· contacted");
    expect(shown).toContain("FHA · 7.125% · $250,000");
    expect(shown).toContain("LTV 78.4%");
    expect(html).toContain('aria-label="Refresh Ana Ruiz now"');
    expect(html).toContain('aria-label="Invite Ana Ruiz to their dashboard"');
    expect(html).toContain('aria-label="Dismiss Rate-and-term refinance for Ana Ruiz…"');
    expect(html).toContain('aria-label="Reopen Rate-and-term refinance for Ana Ruiz"');
  });

  it("opens each client's page from their name, calls them in one tap and says their best action first", () => {
    const heloc: ClientOpportunity = {
      ...opportunity,
      id: 2,
      kind: "home_equity_line",
      label: "Home equity line",
      short: "HELOC",
      reason: "A line of up to $60,000 is available.",
      figures: {},
      status: "open",
      best: true,
    };
    const called = { ...client, phone: "+15125550142", opportunities: [opportunity, heloc] };
    const html = renderIntl(<ClientList clients={[called]} caption="Clients, page 1 of 1" />);
    const doc = parse(html);
    expect(doc.querySelector('a[href="/clients/7"]')?.textContent).toBe("Ana Ruiz");
    const call = doc.querySelector('[data-testid="call-client"]');
    expect(call?.getAttribute("href")).toBe("tel:+15125550142");
    expect(call?.textContent).toBe("Call (512) 555-0142");
    expect(doc.querySelector('a[href="mailto:ana@example.com"]')).not.toBeNull();
    expect(text(doc.querySelector('[data-testid="best-action"]')!.outerHTML)).toBe(
      "Best: Home equity line. A line of up to $60,000 is available.",
    );
    // The best action's tag comes first, starred and said to be the best.
    const tags = doc.querySelectorAll('[data-testid="opportunity"]');
    expect(tags[0]?.getAttribute("data-kind")).toBe("home_equity_line");
    expect(tags[0]?.querySelector('[data-testid="best-mark"]')).not.toBeNull();
    expect(tags[0]?.textContent).toContain("(best action)");
    expect(tags[1]?.querySelector('[data-testid="best-mark"]')).toBeNull();
    // None marked best: the first being worked is the best action, with no star; no phone is said.
    const unranked = { ...client, phone: null, opportunities: [opportunity, { ...heloc, best: false }] };
    const plain = parse(renderIntl(<ClientList clients={[unranked]} caption="Clients, page 1 of 1" />));
    expect(plain.querySelector('[data-testid="best-action"]')?.textContent).toContain("Rate-and-term refinance");
    expect(plain.querySelector('[data-testid="best-mark"]')).toBeNull();
    expect(text(plain.outerHTML)).toContain("No phone on file");
  });

  it("reads in Spanish, its figures the US Spanish way (es-US)", () => {
    const html = renderIntl(<ClientList clients={[client]} caption="Clientes, página 1 de 1" />, "es");
    const shown = text(html);
    for (const words of [
      "Capital disponible",
      "Préstamo registrado",
      "Desde el 26 de noviembre de 2026",
      "Tasa del cliente",
      "0.88 puntos",
      "· contactada",
      "LTV 78.4%",
    ])
      expect(shown).toContain(words);
    expect(html).toContain('aria-label="Actualizar a Ana Ruiz ahora"');
    expect(html).toContain('aria-label="Reabrir Refinanciamiento de tasa y plazo de Ana Ruiz"');
  });

  it("the page's sentences say how many are shown as they did, and in Spanish", () => {
    const en = translator("en", "Clients");
    const none = { hasQuery: "no", q: "", hasKind: "no", kind: "" };
    const query = { ...none, hasQuery: "yes", q: "katherine roberts" };
    expect(en("shown", { range: "no", first: "1", last: "1", total: 1, ...query })).toBe(
      "1 client matching “katherine roberts”",
    );
    expect(en("shown", { range: "yes", first: "1", last: "50", total: 1869, ...none })).toBe("1–50 of 1,869 clients");
    expect(en("noMatch", { ...query, hasKind: "yes", kind: "Cash-out refinance" })).toBe(
      "No client matching “katherine roberts” with “Cash-out refinance”.",
    );
    expect(en("pastEnd", { page: "9", total: "45", filtered: "no", pages: 1 })).toBe(
      "No clients on page 9: 45 in all, on 1 page.",
    );
    expect(en("budgetSpent", { waiting: 1 })).toMatch(/^The month's refresh budget is spent: 1 client waits for/);
    const es = translator("es", "Clients");
    expect(es("shown", { range: "yes", first: "1", last: "50", total: 1869, ...none })).toBe("1–50 de 1869 clientes");
    const imports = translator("en", "ImportClients");
    expect(imports("summary", { created: 2, merged: 0, errors: 1 })).toBe(
      "2 added, 0 merged with clients you had, 1 row with errors.",
    );
    expect(translator("es", "ImportClients")("summary", { created: 2, merged: 0, errors: 1 })).toBe(
      "2 agregados, 0 combinados con clientes que ya tenía, 1 fila con errores.",
    );
  });

  it("the tags' words are lib/portfolio's in English, for every kind and mortgage insurance's every rule", () => {
    const en = translator("en", "ClientList");
    const es = translator("es", "ClientList");
    const cases = [
      ...OPPORTUNITY_KINDS.map((kind) => ({ kind, tag: kind as string, figures: {} })),
      ...["pmi_request", "pmi_appraisal", "fha_refinance", "usda_refinance", "ask"].map((rule) => ({
        kind: "mortgage_insurance" as const,
        tag: rule,
        figures: { rule },
      })),
    ];
    for (const { kind, tag, figures } of cases) {
      expect(en("tagLabel", { tag, fallback: "?" })).toBe(tagLabel(kind, figures));
      expect(en("tagShort", { tag, fallback: "?" })).toBe(tagShort(kind, figures));
      expect(es("tagLabel", { tag, fallback: "?" })).not.toBe("?");
    }
    expect(es("tagShort", { tag: "pmi_request", fallback: "?" })).toBe("PMI: cancelar");
  });
});
