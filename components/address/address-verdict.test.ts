import { describe, expect, it } from "vitest";
import type { AddressCheckDto } from "@/lib/services/homes/dto";
import { addressVerdict, withUnit } from "./address-verdict";

function check(overrides: Partial<AddressCheckDto> & { code?: string; notes?: string[] }): AddressCheckDto {
  const {
    code = "Y",
    notes = ["Street, city, state and ZIP code are valid", "All components confirmed"],
    ...rest
  } = overrides;
  return {
    requestId: null,
    ok: true,
    street: "2800 N 24th St",
    city: "Phoenix",
    state: "AZ",
    zip: "85008",
    zipPlus4: "1114",
    oneLine: "2800 N 24th St, Phoenix, AZ 85008-1114",
    county: "Maricopa",
    countyFips: "04013",
    latitude: 33.47865,
    longitude: -112.03029,
    timeZone: "Mountain",
    utcOffset: -7,
    observesDaylightSaving: false,
    hash: "x",
    vacant: false,
    carrierRoute: "C010",
    congressionalDistrict: "03",
    deliverability: { code, meaning: "", notes },
    corrections: [],
    problems: [],
    found: true,
    ...rest,
  };
}

describe("addressVerdict", () => {
  it("confirms a deliverable address whose home the service has, typed as the service writes it", () => {
    expect(addressVerdict(check({}), "2800 N 24th St, Phoenix, AZ 85008")).toEqual({ kind: "confirmed" });
    expect(addressVerdict(check({}), "2800 N 24th St, Phoenix, AZ 85008-1114")).toEqual({ kind: "confirmed" });
    expect(
      addressVerdict(
        check({ code: "S", notes: ["Unit not recognized (and not required)"] }),
        "2800 N 24th St, Phoenix, AZ 85008",
      ),
    ).toEqual({
      kind: "confirmed",
    });
  });

  it("suggests the service's form of a home it found, typed another way", () => {
    expect(addressVerdict(check({}), "2800 N 24th Stret, Phoenix AZ")).toEqual({
      kind: "suggestion",
      address: "2800 N 24th St, Phoenix, AZ 85008-1114",
    });
  });

  it("does not confirm an address the service could not deliver to (Springfield, or a house number the street lacks)", () => {
    const springfield = check({
      code: "N",
      notes: ["No ZIP+4 match"],
      problems: ["Address not found"],
      found: null,
      street: "123 Main St",
      oneLine: "123 Main St, Springfield, IL 62701",
    });
    expect(addressVerdict(springfield, "123 Main St, Springfield, IL 62701")).toEqual({
      kind: "not-confirmed",
      reason: { key: "reasonStreetNotFound" },
    });
    const badNumber = check({
      code: "N",
      notes: ["Street, city, state and ZIP code are valid", "House number invalid"],
      found: null,
      street: "9999 N 24th St",
    });
    expect(addressVerdict(badNumber, "9999 N 24th St, Phoenix, AZ 85008")).toEqual({
      kind: "not-confirmed",
      reason: { key: "reasonHouseNumberInvalid", street: "N 24th St", number: "9999" },
    });
  });

  it("does not confirm a deliverable address where the service has no home", () => {
    expect(addressVerdict(check({ found: false }), "2800 N 24th St, Phoenix, AZ 85008")).toMatchObject({
      kind: "not-confirmed",
      reason: { key: "reasonNoHome" },
    });
    expect(
      addressVerdict(check({ code: "S", notes: ["Unit not recognized (and required)"], found: false }), "x"),
    ).toMatchObject({
      reason: { key: "reasonUnitUnknown" },
    });
  });

  it("claims nothing when the home could not be checked", () => {
    expect(addressVerdict(check({ found: null }), "2800 N 24th St, Phoenix, AZ 85008")).toEqual({ kind: "unchecked" });
  });

  it("asks for the unit of a building with several (DPV D)", () => {
    expect(addressVerdict(check({ code: "D", found: null }), "2451 E Oak St, Phoenix, AZ 85008")).toMatchObject({
      kind: "unit-needed",
    });
  });

  it("says in a sentence why an address could not be read", () => {
    const unread = check({
      ok: false,
      error: 'the city "PHX" is not one we know in AZ, and no ZIP code was given',
      oneLine: "",
      found: null,
    });
    expect(addressVerdict(unread, "2605 n 24th st phx az")).toEqual({
      kind: "unreadable",
      reason: 'The city "PHX" is not one we know in AZ, and no ZIP code was given.',
    });
    expect(addressVerdict(check({ ok: false, oneLine: "", found: null }), "x")).toEqual({ kind: "unreadable" });
  });
});

describe("withUnit", () => {
  it("writes the unit into the building's standardized address", () => {
    const building = { street: "2451 E Oak St", city: "Phoenix", state: "AZ", zip: "85008" };
    expect(withUnit(building, "101")).toBe("2451 E Oak St Apt 101, Phoenix, AZ 85008");
    expect(withUnit(building, " Unit 7B")).toBe("2451 E Oak St Apt 7B, Phoenix, AZ 85008");
    expect(withUnit(building, "#12")).toBe("2451 E Oak St Apt 12, Phoenix, AZ 85008");
  });
});
