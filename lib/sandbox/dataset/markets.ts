/**
 * The neighbourhoods the embedded data set is built in. City, county, FIPS, coordinates and time zone come from the
 * ZIP table; what is here is what a ZIP table does not know: the streets, and the shape of the local market.
 */
export interface StreetSpec {
  /** Street line without the house number, in USPS form: "N 24TH ST", "STONE WAY N". */
  name: string;
  /** A house number and where it stands, so numbers map to coordinates. */
  anchor: { number: number; latitude: number; longitude: number };
  /** Which way numbers grow: degrees of latitude and longitude per 100 numbers. */
  per100: { latitude: number; longitude: number };
  /** First house number and the step between neighbours on one side. */
  first: number;
  step: number;
  /** Share of lots that are condominium buildings with units. */
  condoShare?: number;
}

export interface Market {
  zip: string;
  /** Price per square foot of living area for an average home at the data set's as-of date. */
  pricePerSqft: number;
  /** Typical living area of a house, and of a condo. */
  houseSqft: number;
  condoSqft: number;
  lotSqft: number;
  /** Range of construction years. */
  builtFrom: number;
  builtTo: number;
  /** Multiplies the national growth of the price index. */
  growth: number;
  /** Assessed value as a share of market value, and the tax rate applied to the assessed value. */
  assessmentRatio: number;
  taxRate: number;
  congressionalDistrict: string;
  subdivisions: string[];
  municipality: { code: string; name: string };
  schoolDistrict: string;
  streets: StreetSpec[];
}

const ns = (
  name: string,
  anchorNumber: number,
  latitude: number,
  longitude: number,
  first: number,
  dir = 1,
): StreetSpec => ({
  name,
  anchor: { number: anchorNumber, latitude, longitude },
  per100: { latitude: 0.00181 * dir, longitude: 0 },
  first,
  step: 14,
});
const ew = (
  name: string,
  anchorNumber: number,
  latitude: number,
  longitude: number,
  first: number,
  dir = 1,
): StreetSpec => ({
  name,
  anchor: { number: anchorNumber, latitude, longitude },
  per100: { latitude: 0, longitude: 0.00218 * dir },
  first,
  step: 14,
});

export const MARKETS: readonly Market[] = [
  {
    zip: "85008",
    pricePerSqft: 265,
    houseSqft: 1550,
    condoSqft: 950,
    lotSqft: 7200,
    builtFrom: 1948,
    builtTo: 2019,
    growth: 1.15,
    assessmentRatio: 0.1,
    taxRate: 0.0712,
    congressionalDistrict: "03",
    subdivisions: ["Arcadia Lite", "Longview Place", "Papago Park Estates", "Thomas Heights"],
    municipality: { code: "PHX", name: "Phoenix" },
    schoolDistrict: "Balsz Elementary District",
    streets: [
      // The spec's own example, 2800 N 24th St, stands exactly where the spec puts it.
      ns("N 24TH ST", 2800, 33.47865, -112.03029, 2604),
      ns("N 26TH ST", 2800, 33.47865, -112.02585, 2604),
      ns("N 28TH ST", 2800, 33.47865, -112.02142, 2603),
      ns("N 32ND ST", 2800, 33.47865, -112.01247, 2606),
      ew("E THOMAS RD", 2400, 33.48008, -112.03029, 2402),
      ew("E OSBORN RD", 2400, 33.48732, -112.03029, 2405),
      ew("E EARLL DR", 2400, 33.47649, -112.03029, 2410, 1),
      { ...ew("E OAK ST", 2400, 33.47286, -112.03029, 2408), condoShare: 0.2 },
    ],
  },
  {
    zip: "60614",
    pricePerSqft: 410,
    houseSqft: 2400,
    condoSqft: 1150,
    lotSqft: 3100,
    builtFrom: 1885,
    builtTo: 2021,
    growth: 0.7,
    assessmentRatio: 0.1,
    taxRate: 0.068,
    congressionalDistrict: "05",
    subdivisions: ["Sheffield Neighbors", "Ranch Triangle", "Wrightwood", "Old Town Triangle"],
    municipality: { code: "CHI", name: "Chicago" },
    schoolDistrict: "City of Chicago School District 299",
    streets: [
      { ...ns("N HALSTED ST", 2200, 41.92211, -87.64869, 2002), condoShare: 0.35 },
      { ...ns("N SHEFFIELD AVE", 2200, 41.92211, -87.65346, 2001), condoShare: 0.3 },
      ns("N BISSELL ST", 2200, 41.92211, -87.65196, 2103),
      ns("N KENMORE AVE", 2200, 41.92211, -87.65584, 2104),
      ew("W ARMITAGE AVE", 1000, 41.91791, -87.65346, 902, -1),
      ew("W WEBSTER AVE", 1000, 41.92176, -87.65346, 901, -1),
      { ...ew("W FULLERTON PKWY", 1000, 41.92566, -87.65346, 904, -1), condoShare: 0.4 },
      ew("W DICKENS AVE", 1000, 41.91983, -87.65346, 903, -1),
    ],
  },
  {
    zip: "98103",
    pricePerSqft: 540,
    houseSqft: 1700,
    condoSqft: 880,
    lotSqft: 4400,
    builtFrom: 1900,
    builtTo: 2022,
    growth: 1.05,
    assessmentRatio: 1,
    taxRate: 0.0091,
    congressionalDistrict: "07",
    subdivisions: ["Denny & Hoyts Add", "Lake Union Add", "Woodland Park Add", "Fremont Add"],
    municipality: { code: "SEA", name: "Seattle" },
    schoolDistrict: "Seattle School District 1",
    streets: [
      ns("STONE WAY N", 4000, 47.65511, -122.34213, 3802),
      ns("WALLINGFORD AVE N", 4000, 47.65511, -122.33497, 3803),
      ns("MERIDIAN AVE N", 4000, 47.65511, -122.33326, 3804),
      { ...ns("FREMONT AVE N", 4000, 47.65511, -122.35007, 3805), condoShare: 0.3 },
      ns("WOODLAND PARK AVE N", 4000, 47.65511, -122.34538, 3806),
      ew("N 45TH ST", 1600, 47.66127, -122.33981, 1402, -1),
      ew("N 50TH ST", 1600, 47.66491, -122.33981, 1403, -1),
      ew("N 42ND ST", 1600, 47.65852, -122.33981, 1404, -1),
    ],
  },
  {
    zip: "30306",
    pricePerSqft: 385,
    houseSqft: 2100,
    condoSqft: 1050,
    lotSqft: 8700,
    builtFrom: 1910,
    builtTo: 2020,
    growth: 1.05,
    assessmentRatio: 0.4,
    taxRate: 0.0392,
    congressionalDistrict: "05",
    subdivisions: ["Virginia Highland", "Morningside Park", "Atkins Park", "Poncey Highland"],
    municipality: { code: "ATL", name: "Atlanta" },
    schoolDistrict: "Atlanta Public Schools",
    streets: [
      { ...ns("N HIGHLAND AVE NE", 1000, 33.78127, -84.35327, 802), condoShare: 0.25 },
      ew("VIRGINIA AVE NE", 900, 33.78187, -84.35627, 702),
      ew("ST CHARLES AVE NE", 900, 33.77861, -84.35627, 703),
      ew("ROSEDALE RD NE", 900, 33.79112, -84.35627, 704),
      ns("LOS ANGELES AVE NE", 1000, 33.78127, -84.35049, 805),
      ns("AMSTERDAM AVE NE", 1000, 33.78127, -84.34729, 806),
      ns("BRIARCLIFF PL NE", 1000, 33.78127, -84.34411, 807),
      ew("GREENWOOD AVE NE", 900, 33.77689, -84.35627, 708),
    ],
  },
  {
    zip: "78704",
    pricePerSqft: 470,
    houseSqft: 1650,
    condoSqft: 900,
    lotSqft: 7400,
    builtFrom: 1935,
    builtTo: 2023,
    growth: 1.3,
    assessmentRatio: 1,
    taxRate: 0.0181,
    congressionalDistrict: "37",
    subdivisions: ["Travis Heights", "Bouldin Addition", "Zilker Park Add", "Dawson"],
    municipality: { code: "AUS", name: "Austin" },
    schoolDistrict: "Austin Independent School District",
    streets: [
      ew("W MARY ST", 500, 30.24786, -97.75931, 402),
      ew("W JOHANNA ST", 500, 30.24463, -97.75931, 403),
      ew("W ANNIE ST", 500, 30.24948, -97.75931, 404),
      ns("S 3RD ST", 1800, 30.24786, -97.75732, 1602, -1),
      ns("S 5TH ST", 1800, 30.24786, -97.76021, 1603, -1),
      { ...ns("S 1ST ST", 1800, 30.24786, -97.75538, 1604, -1), condoShare: 0.25 },
      ew("BARTON SPRINGS RD", 1500, 30.26151, -97.76588, 1402),
      ew("BLUEBONNET LN", 2000, 30.24711, -97.77614, 1905),
    ],
  },
  {
    zip: "80205",
    pricePerSqft: 395,
    houseSqft: 1600,
    condoSqft: 950,
    lotSqft: 4700,
    builtFrom: 1890,
    builtTo: 2022,
    growth: 1.1,
    assessmentRatio: 0.0676,
    taxRate: 0.0788,
    congressionalDistrict: "01",
    subdivisions: ["Whittier", "Cole", "Clayton", "Skyland"],
    municipality: { code: "DEN", name: "Denver" },
    schoolDistrict: "Denver County School District 1",
    streets: [
      ns("DOWNING ST", 2800, 39.75868, -104.97298, 2602),
      ns("MARION ST", 2800, 39.75868, -104.97138, 2603),
      ns("GILPIN ST", 2800, 39.75868, -104.96735, 2604),
      ns("RACE ST", 2800, 39.75868, -104.96421, 2605),
      ns("HIGH ST", 2800, 39.75868, -104.96096, 2606),
      ew("E 26TH AVE", 2400, 39.75465, -104.96017, 2302),
      { ...ew("E 28TH AVE", 2400, 39.75778, -104.96017, 2303), condoShare: 0.2 },
      ew("E 31ST AVE", 2400, 39.76225, -104.96017, 2304),
    ],
  },
];
