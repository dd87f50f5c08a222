import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAddress, parseStreet } from "./parse";
import { DIRECTIONALS, STATES, SUFFIXES, UNITS } from "./tables";
import { zipTableOptions } from "./zip-codes";

describe("every Publication 28 table entry standardizes in a street line", () => {
  it.each([...SUFFIXES])("suffix %s → %s", (spelling, standard) => {
    expect(parseStreet(`100 Maple ${spelling}`)).toMatchObject({ name: "MAPLE", suffix: standard });
  });

  it.each([...UNITS].filter(([, unit]) => unit.requiresNumber))("unit %s with a number", (spelling, unit) => {
    expect(parseStreet(`100 Maple St ${spelling} 7`)).toMatchObject({
      suffix: "ST",
      unitType: unit.abbreviation,
      unitNumber: "7",
    });
  });

  it.each([...UNITS].filter(([, unit]) => !unit.requiresNumber))("unit %s without a number", (spelling, unit) => {
    expect(parseStreet(`100 Maple St ${spelling}`)).toMatchObject({
      suffix: "ST",
      unitType: unit.abbreviation,
      unitNumber: "",
    });
  });

  it.each([...DIRECTIONALS])("directional %s → %s, before and after the name", (spelling, standard) => {
    expect(parseStreet(`100 ${spelling} Maple St`)).toMatchObject({ preDirectional: standard, name: "MAPLE" });
    expect(parseStreet(`100 Maple St ${spelling}`)).toMatchObject({ postDirectional: standard, name: "MAPLE" });
  });

  it.each([...STATES])("state %s → %s", (spelling, code) => {
    expect(parseAddress(`100 Maple St, Springfield, ${spelling} 12345`)).toMatchObject({
      state: code,
      city: "SPRINGFIELD",
    });
  });
});

describe("the labelled benchmark set", () => {
  it("is standardized exactly right at least 98% of the time", () => {
    const cases = JSON.parse(readFileSync("bench/data/addresses.json", "utf8")) as {
      input: string;
      expected: Record<string, string>;
    }[];
    const right = cases.filter(({ input, expected }) => {
      const parsed = parseAddress(input, zipTableOptions) as unknown as Record<string, string>;
      return Object.entries(expected).every(([field, value]) => parsed[field] === value);
    });
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(right.length / cases.length).toBeGreaterThanOrEqual(0.98);
  });
});

describe("the real-world set, labelled by hand", () => {
  it("is read with every field right at least 92% of the time", () => {
    const { fields, cases } = JSON.parse(readFileSync("bench/data/addresses-real-world.json", "utf8")) as {
      fields: string[];
      cases: [string, string, string][];
    };
    const right = cases.filter(([, input, label]) => {
      const parsed = parseAddress(input, zipTableOptions) as unknown as Record<string, string>;
      const values = label.split("|");
      return fields.every((field, i) => parsed[field] === values[i]);
    });
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(right.length / cases.length).toBeGreaterThanOrEqual(0.92);
  });
});
