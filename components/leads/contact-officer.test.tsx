import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/messages";
import type { HomeownerLeadDto } from "@/lib/services/leads/dto";
import { renderIntl } from "@/lib/testing/intl";
import { ContactOfficer } from "./contact-officer";
import { QuoteRequest } from "./quote-request";

const words = translator("en", "ConsentWords")("text", { lender: "Acme Home Loans" });
const heloc = { type: "heloc", amount: 50_000, available: 80_000, ratePercent: 8.5, termYears: 20 } as const;

/** The text of the label tied to an input by its id. */
const labelOf = (root: ReturnType<typeof parse>, id: string) => root.querySelector(`label[for="${id}"]`)?.text;

describe("the homeowner's calls to action", () => {
  it("asks the consent with an unticked checkbox whose label is the exact words naming the lender", () => {
    const root = parse(renderIntl(<ContactOfficer propertyId={7} officerName="Dana Reyes" consentText={words} />));
    const box = root.querySelector('input[type="checkbox"]')!;
    expect(box.hasAttribute("checked")).toBe(false);
    expect(labelOf(root, box.id)).toBe(words);
    expect(labelOf(root, box.id)).toContain("Acme Home Loans");
    expect(labelOf(root, root.querySelector('input[type="tel"]')!.id)).toBe("Phone");
  });

  it("takes a question of at most 2,000 characters, with a label and a counter", () => {
    const root = parse(renderIntl(<ContactOfficer propertyId={7} officerName="Dana Reyes" consentText={words} />));
    const area = root.querySelector("textarea")!;
    expect(area.getAttribute("maxlength")).toBe("2000");
    expect(labelOf(root, area.id)).toBe("Your question for Dana Reyes");
    const counter = area.getAttribute("aria-describedby")!.split(" ")[0];
    expect(root.querySelector(`[id="${counter}"]`)?.text).toBe("2,000 of 2,000 characters left");
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(
      expect.arrayContaining(["Ask a question", "Request a call"]),
    );
  });

  it("says to whom and when a request went, and where it stands", () => {
    const sent: HomeownerLeadDto = {
      id: 1,
      kind: "quote",
      propertyId: 7,
      address: null,
      scenario: "heloc",
      officerName: "Dana Reyes",
      status: "contacted",
      statusWords: "Your loan officer has been in touch",
      createdAt: "2026-11-27T15:00:00.000Z",
    };
    const root = parse(
      renderIntl(
        <QuoteRequest propertyId={7} officerName="Dana Reyes" consentText={words} scenario={heloc} sent={sent} />,
      ),
    );
    const status = root.querySelector('[role="status"]')!;
    expect(status.text).toContain("Sent to Dana Reyes on November 27, 2026.");
    expect(status.text).toContain("Your loan officer has been in touch");
    const fresh = parse(
      renderIntl(<QuoteRequest propertyId={7} officerName="Dana Reyes" consentText={words} scenario={heloc} />),
    );
    expect(fresh.querySelector("button")!.text).toBe("Get a quote");
    expect(fresh.querySelector('[role="status"]')).toBeNull();
  });

  it("reads in Spanish: the buttons, the counter and what was sent", () => {
    const root = parse(
      renderIntl(<ContactOfficer propertyId={7} officerName="Dana Reyes" consentText={words} />, "es"),
    );
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(
      expect.arrayContaining(["Hacer una pregunta", "Solicitar una llamada"]),
    );
    const area = root.querySelector("textarea")!;
    expect(labelOf(root, area.id)).toBe("Su pregunta para Dana Reyes");
    expect(labelOf(root, root.querySelector('input[type="tel"]')!.id)).toBe("Teléfono");
    expect(root.text).toContain("Quedan 2000 de 2000 caracteres");
    expect(root.text).toContain("Cualquier hora");
    const sent = {
      id: 1,
      kind: "quote",
      propertyId: 7,
      address: null,
      scenario: "heloc",
      officerName: "Dana Reyes",
      status: "new",
      statusWords: "Waiting for your loan officer",
      createdAt: "2026-11-27T15:00:00.000Z",
    } as const;
    const status = parse(
      renderIntl(
        <QuoteRequest propertyId={7} officerName="Dana Reyes" consentText={words} scenario={heloc} sent={sent} />,
        "es",
      ),
    ).querySelector('[role="status"]')!;
    expect(status.text).toContain("Enviado a Dana Reyes el 27 de noviembre de 2026.");
    expect(status.text).toContain("Esperando a su oficial de préstamos");
  });
});
