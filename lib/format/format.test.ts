import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatLoanType,
  formatMonth,
  formatName,
  formatNumber,
  formatSigned,
  formatOwnerName,
  formatPercent,
  formatSignedUsd,
  formatUsd,
  formatWeekday,
  type PercentKind,
  type RecordedName,
} from ".";

describe("formatDate", () => {
  it.each([
    ["2026-11-26", "November 26, 2026"],
    ["2026-01-01", "January 1, 2026"],
    // An instant late in the day in UTC is still that day, whatever the machine's zone.
    ["2026-11-26T23:59:00.000Z", "November 26, 2026"],
    [new Date("2026-11-26T00:30:00Z"), "November 26, 2026"],
  ])("%s → %s", (input, expected) => expect(formatDate(input)).toBe(expected));
});

describe("the other dates", () => {
  it.each([
    [formatMonth("2026-11"), "November 2026"],
    [formatMonth("2026-11-26"), "November 2026"],
    [formatWeekday("2026-11-26"), "Thursday, November 26"],
    [formatDateTime("2026-11-26T15:04:09Z"), "November 26, 2026 at 3:04 PM UTC"],
    [formatDateTime(new Date("2026-11-26T15:04:09Z"), { seconds: true }), "November 26, 2026 at 3:04:09 PM UTC"],
  ])("%s", (actual, expected) => expect(actual).toBe(expected));
});

describe("formatLoanType", () => {
  it.each([
    ["fha", "FHA"],
    ["FHA", "FHA"],
    ["va", "VA"],
    ["usda", "USDA"],
    ["conventional", "Conventional"],
    ["CONVENTIONAL", "Conventional"],
    ["jumbo", "Jumbo"],
    ["HELOC", "HELOC"],
    ["PRIVATE", "Private"],
    ["other", "Other"],
    ["SELLER CARRYBACK", "Seller Carryback"],
  ])("%s → %s", (input, expected) => expect(formatLoanType(input)).toBe(expected));
});

describe("formatOwnerName", () => {
  it.each<[RecordedName | string, string]>([
    ["FITZGERALD JOHN O III", "John O. Fitzgerald III"],
    ["SMITH MARY", "Mary Smith"],
    ["SMITH JOHN A JR", "John A. Smith Jr."],
    ["DE LA CRUZ MARIA L", "Maria L. De La Cruz"],
    ["VAN DYKE PETER", "Peter Van Dyke"],
    ["ST JOHN SARAH B SR", "Sarah B. St. John Sr."],
    ["SMITH-JONES ANNA", "Anna Smith-Jones"],
    ["OBRIEN SEAN", "Sean O'Brien"],
    ["OCONNOR KATE", "Kate O'Connor"],
    ["OKAFOR KWAME", "Kwame Okafor"],
    ["MCDONALD JAMES", "James McDonald"],
    ["MACDONALD ALEXANDER", "Alexander MacDonald"],
    ["MACHADO LUIS", "Luis Machado"],
    ["SMITH FAMILY TRUST", "Smith Family Trust"],
    ["SUNRISE HOLDINGS LLC", "Sunrise Holdings LLC"],
    [{ last: "FITZGERALD", firstAndMiddle: "JOHN O" }, "John O. Fitzgerald"],
    [{ last: "FITZGERALD", first: "JOHN", middle: "O", suffix: "III" }, "John O. Fitzgerald III"],
    [{ last: "GARCIA-LOPEZ", first: "ANA", middle: "", suffix: "IV" }, "Ana Garcia-Lopez IV"],
    [{ last: "O'NEILL", firstAndMiddle: "PATRICK JAMES" }, "Patrick James O'Neill"],
    [{ last: "Reyes", firstAndMiddle: "Dana" }, "Dana Reyes"],
    [{ last: "SMITH FAMILY TRUST", firstAndMiddle: "" }, "Smith Family Trust"],
  ])("%j → %s", (input, expected) => expect(formatOwnerName(input)).toBe(expected));
});

describe("formatName", () => {
  it.each([
    ["OBRIEN", "O'Brien"],
    ["MCDONALD", "McDonald"],
    ["DE LA CRUZ", "De La Cruz"],
    ["SMITH-JONES", "Smith-Jones"],
    ["ST JOHN", "St. John"],
    ["MARY", "Mary"],
  ])("%s → %s", (input, expected) => expect(formatName(input)).toBe(expected));
});

describe("formatPercent", () => {
  it.each<[number, PercentKind, string]>([
    [78.44, "ltv", "78.4%"],
    [80, "ltv", "80.0%"],
    [80, "whole", "80%"],
    [42, "share", "42.0%"],
    [6.125, "rate", "6.125%"],
    [6.5, "rate", "6.5%"],
    [7, "rate", "7%"],
    [6.12549, "rate", "6.125%"],
    [2.34, "change", "+2.3%"],
    [-1.46, "change", "\u22121.5%"],
    [-0.04, "change", "0.0%"],
    [0, "change", "0.0%"],
    [-3.2, "ltv", "\u22123.2%"],
  ])("%d as %s → %s", (input, kind, expected) => expect(formatPercent(input, kind)).toBe(expected));
});

describe("money and counts", () => {
  it.each([
    [formatUsd(412000), "$412,000"],
    [formatUsd(-1200), "\u2212$1,200"],
    [formatUsd(-0.4), "$0"],
    [formatSignedUsd(1200), "+$1,200"],
    [formatSignedUsd(-1200), "\u2212$1,200"],
    [formatSignedUsd(0), "$0"],
    [formatCount(1869), "1,869"],
    [formatCount(-12), "\u221212"],
    [formatNumber(-112.030111, 5), "\u2212112.03011"],
    [formatNumber(33.5, 5), "33.50000"],
    [formatNumber(-0.000001, 2), "0.00"],
    [formatSigned(-7), "\u22127"],
    [formatSigned(3), "+3"],
    [formatSigned(0), "0"],
  ])("%s", (actual, expected) => expect(actual).toBe(expected));

  it("never writes a hyphen-minus", () => {
    for (const text of [
      formatUsd(-5),
      formatSignedUsd(-5),
      formatPercent(-5, "change"),
      formatCount(-5),
      formatNumber(-5, 2),
      formatSigned(-5),
    ])
      expect(text).not.toContain("-");
  });
});
