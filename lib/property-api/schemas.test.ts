import { describe, expect, it } from "vitest";
import { AddressRequest, HomeEquityRequest, HomeEquitySummary, NormalizedAddress, OwnerDataResponse } from "./index";

const loans = {
  primaryMortgage: { exists: true, balance: "250000.00", ID: "20210001234" },
  secondHomeLoan: { exists: false, balance: null, ID: null },
  thirdHomeLoan: { exists: false, balance: null, ID: null },
};
const equityFields = {
  availableEquity: "150000.00",
  totalEquity: "250000.00",
  LTV: "0.5",
  availableEquityRange: { high: "170000", low: "130000" },
  totalLoanBalance: "250000.00",
  totalLoanCount: 1,
};
const homeValueSummary = { serviceEstimate: "500000.00", high: "525000", low: "475000" };

describe("requestId", () => {
  it("accepts a string, a number or null and hands out a string", () => {
    const base = { street: "1 Main St", city: "Phoenix", state: "AZ", zip: "85008" };
    expect(AddressRequest.parse({ ...base, requestId: "abc" }).requestId).toBe("abc");
    expect(AddressRequest.parse({ ...base, requestId: 7 }).requestId).toBe("7");
    expect(AddressRequest.parse({ ...base, requestId: null }).requestId).toBeNull();
    expect(AddressRequest.parse(base).requestId).toBeNull();
  });

  it("names the missing field", () => {
    const result = AddressRequest.safeParse({ city: "Phoenix", state: "AZ", zip: "85008" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["street"]);
  });
});

describe("home equity summary", () => {
  it("reads equity fields beside Home Value Summary", () => {
    const parsed = HomeEquitySummary.parse({
      "Home Value Summary": homeValueSummary,
      ...equityFields,
      "Current Loans": loans,
    });
    expect(parsed.availableEquity).toBe(150000);
    expect(parsed.LTV).toBe(0.5);
  });

  it("reads equity fields nested inside Home Value Summary", () => {
    const parsed = HomeEquitySummary.parse({
      "Home Value Summary": { ...homeValueSummary, ...equityFields },
      "Current Loans": loans,
    });
    expect(parsed.totalEquity).toBe(250000);
    expect(parsed.availableEquityRange).toEqual({ high: 170000, low: 130000 });
    expect(parsed.totalLoanCount).toBe(1);
  });

  it("reads money written as strings or as numbers, and refuses words", () => {
    const parsed = HomeEquitySummary.parse({
      "Home Value Summary": { serviceEstimate: 500000, high: "525000.50", low: 475000 },
      ...equityFields,
      "Current Loans": loans,
    });
    expect(parsed["Home Value Summary"]).toEqual({ serviceEstimate: 500000, high: 525000.5, low: 475000 });
    expect(parsed["Current Loans"].primaryMortgage.balance).toBe(250000);
    expect(parsed["Current Loans"].secondHomeLoan.balance).toBeNull();
    expect(
      HomeEquitySummary.safeParse({
        "Home Value Summary": { ...homeValueSummary, serviceEstimate: "lots" },
        ...equityFields,
        "Current Loans": loans,
      }).success,
    ).toBe(false);
  });
});

describe("maxLTV", () => {
  it("defaults to 0.8", () => {
    expect(HomeEquityRequest.parse({ address: "x" }).maxLTV).toBe(0.8);
  });
  it("takes maxLTV as a string or a number", () => {
    expect(HomeEquityRequest.parse({ address: "x", maxLTV: ".9" }).maxLTV).toBe(0.9);
    expect(HomeEquityRequest.parse({ address: "x", maxLTV: 0.75 }).maxLTV).toBe(0.75);
  });
  it("takes orgMaxLTV as an alias, maxLTV winning when both are sent", () => {
    expect(HomeEquityRequest.parse({ address: "x", orgMaxLTV: "0.7" }).maxLTV).toBe(0.7);
    expect(HomeEquityRequest.parse({ address: "x", orgMaxLTV: "0.7", maxLTV: "0.85" }).maxLTV).toBe(0.85);
  });
  it("refuses a ratio outside (0, 1] with the field named", () => {
    for (const maxLTV of ["0", "1.5", "abc", -0.2]) {
      const result = HomeEquityRequest.safeParse({ address: "x", maxLTV });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(["maxLTV"]);
    }
  });
});

describe("vacant", () => {
  const address = {
    oldHashes: [],
    street: "2800 N 24th St",
    city: "Phoenix",
    cityAlias: null,
    state: "AZ",
    zip: "85008",
    county: "Maricopa",
    hash: "0".repeat(32),
    latitude: 33.47865,
    longitude: -112.03029,
    geoLocation: [33.47865, -112.03029],
    requestId: 1,
    formattedStreet: "N 24th St",
    streetNoUnit: "2800 N 24th St",
    meta: { error: false, normalized: true, hashed: true },
    houseNumber: "2800",
    zipPlus4: "1114",
    countyFipsCode: "04013",
    carrierRoute: "C010",
    congressionalDistrict: "03",
    timeZone: "Mountain",
    utcOffset: -7,
    daylightSavingsTime: false,
    dpvMatchCode: "Y",
    dpvFootnotes: "AABB",
    footnotes: "N#",
  };
  it.each([
    ["Y", "Y"],
    ["N", "N"],
    ["", ""],
    [true, "Y"],
    [false, "N"],
  ] as const)("reads %j as %j", (vacant, expected) => {
    expect(NormalizedAddress.parse({ ...address, vacant }).vacant).toBe(expected);
  });
  it("refuses other values", () => {
    expect(NormalizedAddress.safeParse({ ...address, vacant: "maybe" }).success).toBe(false);
  });
});

describe("owner data", () => {
  it("accepts a bare array, a properties list, or a single property, and always hands out a list", () => {
    expect(OwnerDataResponse.safeParse([]).data).toEqual({ properties: [] });
    expect(OwnerDataResponse.safeParse({ userID: "u", properties: [] }).data).toEqual({ userID: "u", properties: [] });
    expect(OwnerDataResponse.safeParse({ propertySummary: {} }).success).toBe(false);
  });
});
