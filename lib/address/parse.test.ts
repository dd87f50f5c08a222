import { describe, expect, it } from "vitest";
import { addressKey, displayKey, oneLine, parseAddress, parseStreet, standardize, streetLine } from "./index";
import { DIRECTIONALS, STATES, SUFFIXES, UNITS } from "./tables";

describe("Publication 28 tables", () => {
  it("map every spelling to its standard abbreviation", () => {
    expect(SUFFIXES.get("AVENUE")).toBe("AVE");
    expect(SUFFIXES.get("AV")).toBe("AVE");
    expect(SUFFIXES.get("STREET")).toBe("ST");
    expect(SUFFIXES.get("BOULEVARD")).toBe("BLVD");
    expect(new Set(SUFFIXES.values()).size).toBe(200);
    expect(DIRECTIONALS.get("NORTHWEST")).toBe("NW");
    expect(UNITS.get("APARTMENT")).toEqual({ abbreviation: "APT", requiresNumber: true });
    expect(UNITS.get("PENTHOUSE")).toEqual({ abbreviation: "PH", requiresNumber: false });
    expect(STATES.get("ARIZONA")).toBe("AZ");
    expect(STATES.get("DISTRICT OF COLUMBIA")).toBe("DC");
    expect(STATES.get("PUERTO RICO")).toBe("PR");
    expect(STATES.get("CALIF")).toBe("CA");
  });
});

describe("parseAddress", () => {
  it.each([
    ["2800 N 24th St, Phoenix, AZ 85008", "2800 N 24TH ST", "PHOENIX", "AZ", "85008"],
    ["2800 north 24th street, phoenix arizona", "2800 N 24TH ST", "PHOENIX", "AZ", ""],
    ["2800 N. 24TH ST APT #5, Phoenix, AZ 85008-1114", "2800 N 24TH ST APT 5", "PHOENIX", "AZ", "85008"],
    [
      "1600 Pennsylvania Avenue Northwest, Washington, District of Columbia 20500",
      "1600 PENNSYLVANIA AVE NW",
      "WASHINGTON",
      "DC",
      "20500",
    ],
    ["3900 Stone Way North Unit 204, Seattle, Wash 98103", "3900 STONE WAY N UNIT 204", "SEATTLE", "WA", "98103"],
    ["123 1/2 Main Street Suite 100 Springfield IL 62701", "123 1/2 MAIN ST STE 100", "SPRINGFIELD", "IL", "62701"],
    ["P.O. Box 1234, Austin, TX 78704", "PO BOX 1234", "AUSTIN", "TX", "78704"],
    ["Rural Route 2 Box 15, Cole Camp, MO 65325", "RR 2 BOX 15", "COLE CAMP", "MO", "65325"],
    ["4501 US Highway 1, Vero Beach, FL 32967", "4501 US HIGHWAY 1", "VERO BEACH", "FL", "32967"],
  ])("reads %s", (line, street, city, state, zip) => {
    const parts = parseAddress(line);
    expect([streetLine(parts), parts.city, parts.state, parts.zip]).toEqual([street, city, state, zip]);
  });

  it("keeps ZIP+4 apart from the ZIP", () => {
    expect(parseAddress("2800 N 24th St, Phoenix, AZ 850081114")).toMatchObject({ zip: "85008", zip4: "1114" });
  });

  it("splits a line without commas at a known city when told which words are cities", () => {
    const parts = parseAddress("100 Barton Springs Rd Austin TX", { isCity: (city) => city === "AUSTIN" });
    expect([streetLine(parts), parts.city]).toEqual(["100 BARTON SPRINGS RD", "AUSTIN"]);
  });

  it("uses # when the unit designator is unknown", () => {
    expect(streetLine(parseStreet("55 Elm St # 3"))).toBe("55 ELM ST # 3");
    expect(streetLine(parseStreet("55 Elm St 3"))).toBe("55 ELM ST # 3");
  });

  it("gives every spelling of one address one key", () => {
    const spellings = [
      "2800 North 24th Street, Phoenix, Arizona 85008",
      "2800 n 24th st phoenix az 85008",
      "2800 N. 24TH ST., PHOENIX, AZ 85008-1114",
    ];
    expect(new Set(spellings.map((s) => addressKey(parseAddress(s, { isCity: (c) => c === "PHOENIX" })))).size).toBe(1);
  });

  it("writes a standardized key for people", () => {
    expect(displayKey("2800 N 24TH ST, PHOENIX, AZ 85008")).toBe("2800 N 24th St, Phoenix, AZ 85008");
    expect(displayKey("3802 STONE WAY N, SEATTLE, WA 98103")).toBe("3802 Stone Way N, Seattle, WA 98103");
    expect(displayKey("W156N8480 MAPLE CT, MENOMONEE FALLS, WI 53051")).toBe(
      "W156N8480 Maple Ct, Menomonee Falls, WI 53051",
    );
  });

  it("writes addresses for people the way the spec does", () => {
    expect(oneLine(parseAddress("2800 NORTH 24TH STREET, PHOENIX, AZ 85008"))).toBe(
      "2800 N 24th St, Phoenix, AZ 85008",
    );
  });

  it("takes the city and state of an address written with only a ZIP code from the ZIP table, and keeps its suffix", () => {
    expect(standardize("410 Lakeview Street, 60614").key).toBe("410 LAKEVIEW ST, CHICAGO, IL 60614");
    expect(standardize("18 Cedar Ln Apt 2, 53703").key).toBe("18 CEDAR LN APT 2, MADISON, WI 53703");
    // A ZIP code the table does not hold gives no city: none is made up.
    expect(standardize("512 Willow Lane, 99999").parts).toMatchObject({
      name: "WILLOW",
      suffix: "LN",
      city: "",
      state: "",
      zip: "99999",
    });
  });
});
