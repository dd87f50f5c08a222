import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { DEFAULT_EQUAL_HOUSING_STATEMENT, type OfficerCardDto } from "@/lib/services/portfolio/officer-fields";
import { renderIntl } from "@/lib/testing/intl";
import { OfficerCard } from "./officer-card";

const card: OfficerCardDto = {
  officerId: 7,
  name: "Dana Reyes",
  title: "Loan Officer",
  phone: "+12065550123",
  phoneDisplay: "(206) 555-0123",
  email: "dana@lender.example",
  bookingUrl: "https://cal.example.com/dana",
  nmlsId: "123456",
  nmlsUrl: "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/123456",
  photoUrl: "/api/officers/7/photo?v=1",
  company: {
    name: "Acme Home Loans",
    nmlsId: "654321",
    nmlsUrl: "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/654321",
    logoUrl: "/logo.webp",
  },
  equalHousingStatement: DEFAULT_EQUAL_HOUSING_STATEMENT,
};

describe("the officer's card on the homeowner's page", () => {
  it("reads in English as before", () => {
    const root = parse(renderIntl(<OfficerCard card={card} />));
    expect(root.text).toContain("Your loan officer");
    expect(root.text).toContain("Book a time to talk");
    expect(root.text).toContain("Company NMLS ID");
    expect(root.text).toContain(DEFAULT_EQUAL_HOUSING_STATEMENT);
    expect(root.querySelector("img")!.getAttribute("alt")).toBe("Photo of Dana Reyes");
    expect(root.querySelector("svg")!.getAttribute("aria-label")).toBe("Equal Housing Opportunity logo");
  });

  it("reads in Spanish, the default Equal Housing statement too; an organization's own statement stays as written", () => {
    const root = parse(renderIntl(<OfficerCard card={card} />, "es"));
    expect(root.text).toContain("Su oficial de préstamos");
    expect(root.text).toContain("Igualdad de oportunidades en la vivienda.");
    expect(root.text).not.toContain("Equal Housing Opportunity.");
    expect(root.querySelector("svg")!.getAttribute("aria-label")).toBe(
      "Logotipo de Igualdad de oportunidades en la vivienda",
    );
    expect(root.querySelectorAll("img")[1]!.getAttribute("alt")).toBe("Logotipo de Acme Home Loans");
    const own = parse(
      renderIntl(<OfficerCard card={{ ...card, equalHousingStatement: "Equal Housing Lender." }} />, "es"),
    );
    expect(own.text).toContain("Equal Housing Lender.");
  });
});
