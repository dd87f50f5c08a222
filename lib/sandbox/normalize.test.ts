import { describe, expect, it } from "vitest";
import { NormalizeResponse, type NormalizedAddress } from "@/lib/property-api";
import { getDataset } from "./dataset";
import { normalizeBatch } from "./normalize";

const dataset = getDataset();

function normalize(street: string, city = "Phoenix", state = "AZ", zip = "85008"): NormalizedAddress {
  const response = NormalizeResponse.parse(normalizeBatch(dataset, [{ street, city, state, zip }]));
  return response.results.addresses[0]!;
}

describe("delivery point validation", () => {
  it("Y: the whole address is confirmed, and already standard needs no footnote", () => {
    expect(normalize("2800 N 24th St")).toMatchObject({
      dpvMatchCode: "Y",
      dpvFootnotes: "AABB",
      footnotes: "",
      zipPlus4: "1114",
      vacant: "N",
      carrierRoute: "C010",
    });
  });

  it("D: a building that needs a unit and got none (H#)", () => {
    expect(normalize("2451 E Oak St")).toMatchObject({ dpvMatchCode: "D", dpvFootnotes: "AAN1", footnotes: "H#" });
  });

  it("S: a unit the building does not have (S#)", () => {
    expect(normalize("2451 E Oak St Apt 999")).toMatchObject({
      dpvMatchCode: "S",
      dpvFootnotes: "AAC1",
      footnotes: "S#",
    });
  });

  it("S: a unit on a house that has none, which is confirmed without it", () => {
    expect(normalize("2800 N 24th St Apt 5")).toMatchObject({
      dpvMatchCode: "S",
      dpvFootnotes: "AACC",
      footnotes: "S#",
      zipPlus4: "1114",
    });
  });

  it("N: a house number the street does not have (W#)", () => {
    expect(normalize("2802 N 24th St")).toMatchObject({
      dpvMatchCode: "N",
      dpvFootnotes: "AAM3",
      footnotes: "W#",
      zipPlus4: "",
      vacant: "",
    });
  });

  it("N: a street the ZIP code does not have (F#)", () => {
    expect(normalize("100 Nowhere Ln")).toMatchObject({ dpvMatchCode: "N", dpvFootnotes: "A1", footnotes: "F#" });
  });

  it("N: no house number (F#)", () => {
    expect(normalize("N 24th St")).toMatchObject({ dpvMatchCode: "N", dpvFootnotes: "AAM1", footnotes: "F#" });
  });

  it("N: a PO box, with or without its number", () => {
    expect(normalize("PO Box 1234")).toMatchObject({ dpvMatchCode: "N", dpvFootnotes: "AAM3", street: "PO Box 1234" });
    expect(normalize("P.O. Box")).toMatchObject({ dpvMatchCode: "N", dpvFootnotes: "AAP1" });
  });
});

describe("footnotes", () => {
  it("N#: abbreviations standardized", () => {
    expect(normalize("2800 North 24th Street")).toMatchObject({
      street: "2800 N 24th St",
      footnotes: "N#",
      dpvMatchCode: "Y",
    });
  });

  it("A#: a ZIP code that is not the address's is corrected", () => {
    expect(normalize("2800 N 24th St", "Phoenix", "AZ", "85016")).toMatchObject({
      zip: "85008",
      footnotes: "A#",
      dpvMatchCode: "Y",
    });
  });

  it("B#: a misspelt city is fixed", () => {
    expect(normalize("2800 N 24th St", "Phoenx", "AZ", "85008")).toMatchObject({
      city: "Phoenix",
      footnotes: "B#",
      dpvMatchCode: "Y",
    });
    expect(normalize("2800 N 24th St", "Pheonix", "Arizona", "85008")).toMatchObject({
      city: "Phoenix",
      zip: "85008",
      footnotes: "B#",
      dpvMatchCode: "Y",
    });
  });

  it("A# and B#: a city that does not match the ZIP code takes the address's own", () => {
    expect(normalize("2002 N Halsted St", "Chicago", "IL", "85008")).toMatchObject({
      city: "Chicago",
      state: "IL",
      zip: "60614",
      footnotes: "A#",
      dpvMatchCode: "Y",
    });
  });

  it("M#: a street spelling is fixed", () => {
    expect(normalize("2002 N Halstead St", "Chicago", "IL", "60614")).toMatchObject({
      street: "2002 N Halsted St",
      footnotes: "M#",
      dpvMatchCode: "Y",
    });
  });

  it("M#: a misspelt suffix or designator the parser read as the word meant (issue 15)", () => {
    expect(normalize("2800 N 24th Steet")).toMatchObject({
      street: "2800 N 24th St",
      footnotes: "M#",
      dpvMatchCode: "Y",
    });
    expect(normalize("2451 E Oak St Apartmnet 999")).toMatchObject({
      street: "2451 E Oak St Apt 999",
      footnotes: "M#S#",
    });
  });

  it("B#: a mistyped state is read as the state meant (issue 15)", () => {
    expect(normalize("2002 N Halsted St", "Chicago", "lL", "60614")).toMatchObject({
      state: "IL",
      footnotes: "B#",
      dpvMatchCode: "Y",
    });
  });

  it("C#: a ZIP code run into other digits fails that address, saying so (issue 15)", () => {
    expect(normalize("2800 N 24th St", "Phoenix", "AZ", "850081")).toMatchObject({
      meta: { error: true },
      footnotes: "C#",
      errorMessage: expect.stringMatching(/ZIP code/),
    });
  });

  it("L#: a missing directional is added", () => {
    expect(normalize("2800 24th St")).toMatchObject({ street: "2800 N 24th St", footnotes: "L#", dpvMatchCode: "Y" });
  });

  it("C#: a city, state and ZIP that match nothing fail that address alone", () => {
    const response = normalizeBatch(dataset, [
      { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
      { street: "1 Main St", city: "Atlantis", state: "ZZ", zip: "00000" },
    ]);
    expect(response.results.addresses.map((a) => [a.meta.error, a.footnotes])).toEqual([
      [false, ""],
      [true, "C#"],
    ]);
    expect(response.results.addresses[1]!.errorMessage).toMatch(/ZIP/);
    expect(response.results.meta.results).toEqual({
      requestCount: 2,
      normalizedCount: 1,
      notNormalizedCount: 1,
      hashedCount: 1,
      notHashedCount: 1,
      errorCount: 1,
    });
  });
});

describe("an address without its ZIP code (issue 14)", () => {
  it("takes the ZIP code of the street it matches, and fixes a misspelt suffix", () => {
    expect(normalize("2800 N 24th Stret", "Phoenix", "AZ", "-")).toMatchObject({
      street: "2800 N 24th St",
      zip: "85008",
      dpvMatchCode: "Y",
      footnotes: "M#",
    });
    expect(normalize("416 W Mary St", "Austin", "TX", "-")).toMatchObject({ zip: "78704", dpvMatchCode: "Y" });
  });

  it("never invents one: a street the city's ZIP codes do not have fails, saying the ZIP code is missing", () => {
    const response = normalizeBatch(dataset, [{ street: "123 Main St", city: "Springfield", state: "IL", zip: "-" }]);
    expect(response.results.addresses[0]).toMatchObject({ meta: { error: true }, zip: "-" });
    expect(response.results.addresses[0]!.errorMessage).toMatch(/no ZIP code was given/);
  });

  it("names a city it does not know instead of blaming a ZIP code nobody typed", () => {
    const response = normalizeBatch(dataset, [{ street: "2605 N 24th St", city: "Phx", state: "AZ", zip: "-" }]);
    expect(response.results.addresses[0]!.errorMessage).toBe(
      'the city "PHX" is not one we know in AZ, and no ZIP code was given',
    );
  });

  it("says which ZIP code does not exist", () => {
    const response = normalizeBatch(dataset, [{ street: "1 Main St", city: "Atlantis", state: "ZZ", zip: "00000" }]);
    expect(response.results.addresses[0]!.errorMessage).toBe("ZIP code 00000 is not a US ZIP code");
  });

  it("keeps a real ZIP code when the address is not in it, rather than the city's first", () => {
    expect(normalize("9999 N 24th St", "Scottsdale", "AZ", "85016")).toMatchObject({
      city: "Phoenix",
      zip: "85016",
      dpvMatchCode: "N",
    });
  });
});

describe("normalized fields", () => {
  it("fill county, FIPS, coordinates, time zone, district and the hash from the data", () => {
    const phoenix = normalize("2800 N 24th St");
    expect(phoenix).toMatchObject({
      county: "Maricopa",
      countyFipsCode: "04013",
      latitude: 33.47865,
      longitude: -112.03029,
      geoLocation: [33.47865, -112.03029],
      timeZone: "Mountain",
      utcOffset: -7,
      daylightSavingsTime: false,
      congressionalDistrict: "03",
      houseNumber: "2800",
      formattedStreet: "N 24th St",
      streetNoUnit: "2800 N 24th St",
    });
    const seattle = normalize("3802 Stone Way North", "Seattle", "WA", "98103");
    expect(seattle).toMatchObject({
      timeZone: "Pacific",
      utcOffset: -8,
      daylightSavingsTime: true,
      county: "King",
      street: "3802 Stone Way N",
    });
  });

  it("give every spelling of one address one hash", () => {
    const hashes = new Set(
      [
        normalize("2800 N 24th St"),
        normalize("2800 north 24th street", "PHOENIX", "arizona", "85008-1114"),
        normalize("2800 N. 24TH ST.", "phoenix", "Ariz", "85008"),
        normalize("2800 24th St", "Phoenx", "AZ", "85016"),
      ].map((a) => a.hash),
    );
    expect(hashes.size).toBe(1);
    expect([...hashes][0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("echo each address's requestId, numbering the ones that have none", () => {
    const response = normalizeBatch(dataset, [
      { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008", requestId: "first" },
      { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
      { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008", requestId: 42 },
    ]);
    expect(response.results.addresses.map((a) => a.requestId)).toEqual(["first", 2, 42]);
  });

  it("time the request with real timestamps", () => {
    let now = Date.parse("2026-11-21T10:00:00.000Z");
    const response = normalizeBatch(
      dataset,
      [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }],
      () => (now += 7),
    );
    expect(response.results.meta.performance).toEqual({
      totalRequestTime: 7,
      startTime: "2026-11-21T10:00:00.007Z",
      endTime: "2026-11-21T10:00:00.014Z",
    });
  });
});
