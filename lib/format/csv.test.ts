import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ['=HYPERLINK("https://evil.example","click")', `'=HYPERLINK("https://evil.example","click")`],
    ["+1-2", "'+1-2"],
    ["-2+3", "'-2+3"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", "'\r=1+2"],
    ["=cmd\nsecond line", "'=cmd\nsecond line"],
    ["-", "'-"],
    ["-1e3", "'-1e3"],
    ["+12", "'+12"],
  ])("neutralizes %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each(["2800 N 24th St, Phoenix, AZ 85008", "Maricopa", "", "O'Brien Rd", "-12.5", "-3", "33.4484"])(
    "keeps %j as it is",
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it("keeps numbers, negative ones too, and writes nothing for a missing value", () => {
    expect(csvCell(-112.074)).toBe(-112.074);
    expect(csvCell(0)).toBe(0);
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(null)).toBe("");
  });
});

describe("toCsv", () => {
  it("writes a header and neutralized cells that read back as text", () => {
    const csv = toCsv([{ line: 1, input: "=1+2,3", longitude: -112.074, error: "@x" }]);
    const [header, row] = Papa.parse<string[]>(csv).data;
    expect(header).toEqual(["line", "input", "longitude", "error"]);
    expect(row).toEqual(["1", "'=1+2,3", "-112.074", "'@x"]);
  });
});
