import { describe, expect, it } from "vitest";
import { officerCardHtml, officerCardText, type OfficerCardDto } from "./officer-card";

const card: OfficerCardDto = {
  officerId: 7,
  name: `Ann <script>alert("x")</script> O'Neil`,
  title: "Loan Officer",
  phone: "+12065550123",
  phoneDisplay: "(206) 555-0123",
  email: "ann@lender.example",
  bookingUrl: "https://cal.example.com/ann",
  nmlsId: "123456",
  nmlsUrl: "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/123456",
  photoUrl: "/api/officers/7/photo?v=1",
  company: {
    name: "Lender & Co",
    nmlsId: "654321",
    nmlsUrl: "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/654321",
    logoUrl: null,
  },
  equalHousingStatement: "Equal Housing Opportunity.",
};

describe("the officer's card in mail", () => {
  it("carries both NMLS links, the Equal Housing logo and words, and absolute image links", () => {
    const html = officerCardHtml(card, "https://app.example");
    expect(html).toContain(`href="${card.nmlsUrl}"`);
    expect(html).toContain(`href="${card.company.nmlsUrl}"`);
    expect(html).toContain('aria-label="Equal Housing Opportunity logo"');
    expect(html).toContain("Equal Housing Opportunity.");
    expect(html).toContain('src="https://app.example/api/officers/7/photo?v=1"');
    expect(html).toContain('href="tel:+12065550123"');
  });

  it("escapes what the officer typed", () => {
    const html = officerCardHtml(card, "https://app.example");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Lender &#38; Co");
  });

  it("reads as plain text too", () => {
    const text = officerCardText(card);
    expect(text).toContain("NMLS ID 123456");
    expect(text).toContain("Company NMLS ID 654321");
    expect(text).toContain("Phone: (206) 555-0123");
  });
});

describe("the officer's card in Spanish mail", () => {
  it("says its words in Spanish and keeps the officer's own", () => {
    const html = officerCardHtml(card, "https://app.example", "es");
    expect(html).toContain("Su oficial de préstamos");
    expect(html).toContain("Reservar una hora para hablar");
    expect(html).toContain("NMLS ID de la empresa");
    const text = officerCardText(card, "es");
    expect(text).toContain("Teléfono: (206) 555-0123");
    expect(text).toContain("Correo electrónico: ann@lender.example");
  });
});
