import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import type { AddressCheckDto } from "@/lib/services/homes/dto";
import { renderIntl } from "@/lib/testing/intl";
import { AddressStatus } from "./address-status";

const check = (overrides: Partial<AddressCheckDto>) =>
  ({
    ok: true,
    street: "9999 N 24th St",
    city: "Phoenix",
    state: "AZ",
    zip: "85008",
    oneLine: "9999 N 24th St, Phoenix, AZ 85008",
    deliverability: { code: "N", meaning: "", notes: ["House number invalid"] },
    problems: [],
    found: null,
    ...overrides,
  }) as unknown as AddressCheckDto;
const status = (c: AddressCheckDto, locale: Locale) =>
  parse(
    renderIntl(
      <AddressStatus
        typed="9999 N 24th St, Phoenix, AZ 85008"
        checking={false}
        check={c}
        problem={null}
        demoZips={["85008", "98103"]}
        onChoose={() => {}}
      />,
      locale,
    ),
  ).text.replace(/\s+/g, " ");

describe("the address status", () => {
  it("says why an address is not confirmed, in English as before", () => {
    expect(status(check({}), "en")).toContain(
      "We could not confirm this address. N 24th St has no house number 9999 on record.This demo's data covers 2 ZIP codes: 85008, 98103.",
    );
  });

  it("says it in Spanish", () => {
    const text = status(check({}), "es");
    expect(text).toContain("No pudimos confirmar esta dirección. N 24th St no tiene el número 9999 en los registros.");
    expect(text).toContain("Los datos de esta demostración cubren 2 códigos postales: 85008, 98103.");
    expect(status(check({ deliverability: { code: "D", meaning: "", notes: [] } }), "es")).toContain(
      "Agregar la unidad",
    );
  });
});
