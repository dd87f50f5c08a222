import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { AccessLogList } from "@/components/account/access-log-list";
import { renderIntl } from "@/lib/testing/intl";
import type { Locale } from "@/lib/i18n/locales";

const text = (ui: React.ReactElement, locale: Locale) => parse(renderIntl(ui, locale)).textContent.replace(/\s+/g, " ");

const ENTRY = {
  at: "2026-11-26T15:04:09.000Z",
  action: "lookup.valuation",
  description: "Read a home's estimate",
  address: "2800 N 24th St, Phoenix, AZ 85008",
  by: { email: "officer@example.com", name: "Pat Lee", role: "loan_officer", partnerSite: null },
};

describe("who looked at my home's records", () => {
  it("says who, when and in which role, in English", () => {
    const shown = text(
      <AccessLogList
        entries={[ENTRY, { ...ENTRY, by: { email: null, name: null, role: null, partnerSite: "Acme Realty" } }]}
      />,
      "en",
    );
    expect(shown).toContain("WhenWhoWhat they looked at");
    expect(shown).toContain("Pat Lee (officer@example.com)Loan officer");
    expect(shown).toContain("Through Acme Realty");
    expect(shown).toContain("November 26, 2026");
  });

  it("in Spanish: the headers, the role, the partner site and the date in the reader's language", () => {
    const shown = text(
      <AccessLogList
        entries={[ENTRY, { ...ENTRY, by: { email: null, name: null, role: null, partnerSite: "Acme Realty" } }]}
      />,
      "es",
    );
    expect(shown).toContain("CuándoQuiénQué consultó");
    expect(shown).toContain("Oficial de préstamos");
    expect(shown).toContain("A través de Acme Realty");
    expect(shown).toContain("26 de noviembre de 2026");
  });

  it("an empty log says so in Spanish", () => {
    expect(text(<AccessLogList entries={[]} />, "es")).toContain(
      "Nadie más ha consultado todavía los registros de su vivienda.",
    );
  });
});
