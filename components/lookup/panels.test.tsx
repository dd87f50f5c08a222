import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/messages";
import { DPV_MEANINGS, FOOTNOTES } from "@/lib/services/homes/codes";
import { renderIntl } from "@/lib/testing/intl";
import type { VerificationDto } from "@/lib/services/homes/dto";
import { VerificationAnswer } from "./panels";
import { RecentApplicants } from "./recent-applicants";

const text = (html: string) => parse(html).textContent.replace(/\s+/g, " ");

const v: VerificationDto = {
  isVerified: true,
  matchScore: 0.874,
  ownerOccupied: true,
  corporateOwner: false,
  propertyType: "RESIDENTIAL",
  owners: [{ lastName: "FITZGERALD", firstNameAndInitial: "JOHN O" }],
} as VerificationDto;

describe("the lookup's panels", () => {
  it("say the verification in English, as before", () => {
    const shown = text(renderIntl(<VerificationAnswer v={v} applicant="John Fitzgerald" />));
    expect(shown).toContain("✓ John Fitzgerald is verified as an owner");
    expect(shown).toContain("Match score 87%");
    expect(shown).toContain("Owner-occupiedYes");
    expect(shown).toContain("Owners on record");
    expect(shown).toContain("John O. Fitzgerald");
  });

  it("and in Spanish", () => {
    const shown = text(
      renderIntl(<VerificationAnswer v={{ ...v, isVerified: false }} applicant="John Fitzgerald" />, "es"),
    );
    expect(shown).toContain("✗ John Fitzgerald no está verificado como propietario");
    expect(shown).toContain("Grado de coincidencia 87%");
    expect(shown).toContain("Propietarios según el registro");
  });

  it("list the recent applicants with the day in the reader's language", () => {
    const applicants = [
      {
        applicant: "Ana Ruiz",
        address: "2800 N 24th St, Phoenix, AZ 85008",
        lookedUpAt: new Date("2026-11-26T15:04:00Z"),
      },
    ];
    expect(text(renderIntl(<RecentApplicants applicants={applicants} />))).toContain(
      "November 26, 2026 at 3:04 PM UTC",
    );
    const es = renderIntl(<RecentApplicants applicants={applicants} />, "es");
    expect(text(es)).toContain("Solicitantes recientes");
    expect(es).toContain('aria-label="Solicitantes recientes, el último verificado primero"');
    expect(text(renderIntl(<RecentApplicants applicants={[]} />, "es"))).toContain("Ninguno todavía");
  });
});

describe("the address service's codes", () => {
  it("say the delivery point and the footnotes as lib/services/homes/codes.ts does in English, and in Spanish", () => {
    const en = translator("en", "AddressCodes");
    const es = translator("es", "AddressCodes");
    for (const [code, words] of Object.entries(DPV_MEANINGS))
      expect(en("dpv", { code: code || "none", fallback: "?" })).toBe(words);
    for (const [letter, words] of Object.entries(FOOTNOTES))
      expect(en("footnote", { letter, fallback: "?" })).toBe(words);
    expect(es("dpv", { code: "Y", fallback: "?" })).toMatch(/^Confirmada/);
    expect(es("footnote", { letter: "A", fallback: "?" })).toBe("Código postal corregido");
    expect(es("footnote", { letter: "unknown", fallback: "Something new" })).toBe("Something new");
  });
});
