import { parseStreet, streetLine, oneLine, type AddressParts } from "@/lib/address";
import { zipCode } from "@/lib/address/zip-codes";
import { AS_OF, makeAssessments, makeLoans, makeOwners, makeSales, ownerName } from "./history";
import { MARKETS, type Market, type StreetSpec } from "./markets";
import { createRandom, type Random } from "./random";
import type { Condition, Dataset, Grade, Property, PropertyKind } from "./types";

export const DEFAULT_SEED = "property-data-service/v1";
const LOTS_PER_SIDE = 23;

const GRADES: readonly (readonly [Grade, number])[] = [
  ["FAIR", 12],
  ["AVERAGE", 50],
  ["GOOD", 30],
  ["EXCELLENT", 8],
];
/** What quality and condition do to a home's value; the valuation adjusts comparables by the same recorded facts. */
export const GRADE_FACTOR: Record<Grade, number> = { FAIR: 0.88, AVERAGE: 1, GOOD: 1.1, EXCELLENT: 1.24 };
const CONDITIONS: readonly (readonly [Condition, number])[] = [
  ["POOR", 5],
  ["FAIR", 15],
  ["AVERAGE", 45],
  ["GOOD", 28],
  ["EXCELLENT", 7],
];
export const CONDITION_FACTOR: Record<Condition, number> = {
  POOR: 0.82,
  FAIR: 0.93,
  AVERAGE: 1,
  GOOD: 1.06,
  EXCELLENT: 1.13,
};
const WARM = new Set(["AZ", "TX", "GA"]);

function apn(random: Random, state: string): string {
  const d = (n: number) => String(random.int(0, 10 ** n - 1)).padStart(n, "0");
  switch (state) {
    case "AZ":
      return `${d(3)}-${d(2)}-${d(3)}`;
    case "IL":
      return `14-${d(2)}-${d(3)}-${d(3)}-0000`;
    case "GA":
      return `14 ${d(6)}${d(6)}`;
    default:
      return `${d(5)}${d(5)}`;
  }
}

function facts(random: Random, market: Market, kind: PropertyKind, state: string, yearBuilt: number) {
  const condo = kind === "CONDOMINIUM";
  const livingSqft =
    Math.round(((condo ? market.condoSqft : market.houseSqft) * random.lognormal(condo ? 0.25 : 0.28)) / 10) * 10;
  const bedrooms = Math.min(6, Math.max(1, Math.round(livingSqft / 600) + random.int(-1, 1)));
  const bathsFull = Math.max(1, Math.min(bedrooms, Math.round(livingSqft / 900) + random.int(0, 1)));
  const bathsHalf = livingSqft > 1600 && random.chance(0.5) ? 1 : 0;
  const stories = condo ? 1 : livingSqft > 1900 || random.chance(0.25) ? 2 : 1;
  const lotSqft = condo
    ? Math.round(market.lotSqft * 1.6)
    : Math.round((market.lotSqft * random.lognormal(0.25)) / 10) * 10;
  const lotFrontage = Math.round(Math.sqrt(lotSqft / 2.4));
  const warm = WARM.has(state);
  const garageSpaces = condo
    ? random.int(0, 1)
    : random.weighted([
        [0, 15],
        [1, 35],
        [2, 40],
        [3, 10],
      ] as const);
  return {
    livingSqft,
    grossSqft: livingSqft + garageSpaces * 230 + (condo ? 0 : random.int(0, 300)),
    groundFloorSqft: Math.round(livingSqft / stories),
    lotSqft,
    lotFrontage,
    lotDepth: Math.round(lotSqft / lotFrontage),
    bedrooms,
    bathsFull,
    bathsHalf,
    stories,
    rooms: bedrooms + random.int(2, 4),
    fireplaces: warm
      ? random.weighted([
          [0, 70],
          [1, 30],
        ] as const)
      : random.weighted([
          [0, 40],
          [1, 50],
          [2, 10],
        ] as const),
    pool: !condo && random.chance(state === "AZ" ? 0.32 : state === "TX" ? 0.14 : 0.03),
    garageSpaces,
    parkingType:
      garageSpaces === 0
        ? condo
          ? "ASSIGNED"
          : "DRIVEWAY"
        : random.chance(0.8)
          ? "ATTACHED GARAGE"
          : "DETACHED GARAGE",
    construction: {
      type: condo ? "CONCRETE" : state === "AZ" ? random.pick(["MASONRY", "FRAME"]) : "FRAME",
      frame: condo ? "STEEL" : random.pick(["WOOD", "WOOD", "MASONRY"]),
      foundation: state === "AZ" || state === "TX" ? "SLAB" : random.pick(["BASEMENT", "CRAWL SPACE", "SLAB"]),
      roofCover:
        state === "AZ"
          ? random.pick(["CONCRETE TILE", "BUILT-UP", "COMPOSITION SHINGLE"])
          : random.pick(["COMPOSITION SHINGLE", "COMPOSITION SHINGLE", "METAL", "SLATE"]),
      roofShape: condo ? "FLAT" : random.pick(["GABLE", "HIP", "GABLE", "FLAT"]),
      wall: state === "AZ" ? "STUCCO" : random.pick(["BRICK", "WOOD SIDING", "VINYL SIDING", "STUCCO"]),
    },
    heating:
      state === "AZ" ? "HEAT PUMP" : random.pick(["FORCED AIR", "FORCED AIR", "RADIANT", "HEAT PUMP", "BASEBOARD"]),
    cooling:
      state === "AZ"
        ? random.pick(["CENTRAL", "CENTRAL", "EVAPORATIVE"])
        : random.pick(["CENTRAL", "CENTRAL", "WALL UNIT", "NONE"]),
    floors: random.pick(["HARDWOOD", "CARPET", "TILE", "LAMINATE", "HARDWOOD/TILE"]),
    fireplaceType: "",
    view: random.weighted([
      ["NONE", 80],
      ["CITY", 10],
      ["PARK", 6],
      ["WATER", 4],
    ] as const),
    porch: condo ? "NONE" : random.pick(["OPEN PORCH", "COVERED PORCH", "NONE", "SCREENED PORCH"]),
    patio: condo ? random.pick(["BALCONY", "NONE"]) : random.pick(["CONCRETE PATIO", "DECK", "NONE", "PAVER PATIO"]),
    fence: condo ? "NONE" : random.pick(["WOOD", "BLOCK WALL", "CHAIN LINK", "NONE", "WROUGHT IRON"]),
    effectiveYearBuilt: Math.min(2025, yearBuilt + (yearBuilt < 1980 ? random.int(10, 40) : random.int(0, 8))),
  };
}

function valueToday(
  random: Random,
  market: Market,
  p: Omit<Property, "owners" | "sales" | "loans" | "assessments" | "ownerOccupied" | "mailingAddress" | "vesting">,
): number {
  const typical = p.kind === "CONDOMINIUM" ? market.condoSqft : market.houseSqft;
  const age = 2026 - p.effectiveYearBuilt;
  const value =
    p.livingSqft *
    market.pricePerSqft *
    (p.livingSqft / typical) ** -0.15 *
    GRADE_FACTOR[p.quality] *
    CONDITION_FACTOR[p.condition] *
    (1.08 - Math.min(age, 60) * 0.0025) *
    (p.kind === "CONDOMINIUM" ? 0.92 : (p.lotSqft / market.lotSqft) ** 0.08) *
    (p.pool ? 1.03 : 1) *
    (p.view === "WATER" ? 1.08 : 1) *
    random.lognormal(0.07);
  return Math.round(value / 1000) * 1000;
}

/** Builds the whole data set from a seed: the same seed gives the same properties on every machine. */
export function generateDataset(seed = DEFAULT_SEED): Dataset {
  const random = createRandom(seed);
  const properties: Property[] = [];

  for (const market of MARKETS) {
    const zip = zipCode(market.zip);
    if (!zip) throw new Error(`ZIP ${market.zip} is missing from the ZIP table`);
    market.streets.forEach((street: StreetSpec, streetIndex) => {
      const zip4Base = 1000 + streetIndex * 300 + random.int(0, 99);
      for (let lot = 0; lot < LOTS_PER_SIDE * 2; lot++) {
        const side = lot % 2;
        const position = Math.floor(lot / 2);
        const number = street.first + position * 14 + side;
        const along = (number - street.anchor.number) / 100;
        const offset = side ? 0.00022 : 0;
        const latitude =
          street.anchor.latitude + along * street.per100.latitude + (street.per100.latitude ? 0 : offset);
        const longitude =
          street.anchor.longitude + along * street.per100.longitude + (street.per100.longitude ? 0 : offset);
        const parts = parseStreet(`${number} ${street.name}`);
        const units = random.chance(street.condoShare ?? 0) ? random.int(4, 12) : 0;
        const yearBuilt = random.int(units ? Math.max(market.builtFrom, 1960) : market.builtFrom, market.builtTo);
        const unitType = zip.state === "IL" ? "UNIT" : "APT";
        const unitNumbers = Array.from({ length: units }, (_, u) => `${Math.floor(u / 4) + 1}0${(u % 4) + 1}`);
        for (const unitNumber of units ? unitNumbers : [""]) {
          const kind: PropertyKind = units ? "CONDOMINIUM" : random.chance(0.08) ? "TOWNHOUSE" : "SFR";
          const address: AddressParts = {
            ...parts,
            unitType: unitNumber ? unitType : "",
            unitNumber,
            city: zip.city.toUpperCase(),
            state: zip.state,
            zip: zip.zip,
            zip4: String(zip4Base + position * 2 + side).padStart(4, "0"),
          };
          const subdivision =
            market.subdivisions[
              Math.floor((streetIndex * LOTS_PER_SIDE + position) / 47) % market.subdivisions.length
            ]!;
          const base = {
            id: 40_000_001 + properties.length,
            apn: apn(random, zip.state),
            address,
            county: zip.county,
            countyFips: zip.countyFips,
            latitude: Math.round(latitude * 1e5) / 1e5,
            longitude: Math.round(longitude * 1e5) / 1e5,
            ianaZone: zip.ianaZone,
            carrierRoute: `C0${String(10 + streetIndex * 3).padStart(2, "0")}`,
            congressionalDistrict: market.congressionalDistrict,
            vacant: random.chance(0.03),
            kind,
            buildingKey: units ? streetLine(address, { unit: false }) : null,
            yearBuilt,
            quality: random.weighted(GRADES),
            condition: random.weighted(CONDITIONS),
            flood: floodZone(random, zip.countyFips),
            legal: {
              lot: String(position + 1 + side * 30),
              block: String(streetIndex + 1),
              subdivision: subdivision.toUpperCase(),
              taxCodeArea: `${String((streetIndex % 3) + 1).padStart(3, "0")}${market.zip.slice(-3)}`,
              description: `LOT ${position + 1 + side * 30} BLOCK ${streetIndex + 1} ${subdivision.toUpperCase()}${unitNumber ? ` UNIT ${unitNumber}` : ""}`,
              municipality: market.municipality.name.toUpperCase(),
              municipalityCode: market.municipality.code,
              schoolDistrict: market.schoolDistrict.toUpperCase(),
              township: `${random.int(1, 4)}N`,
              range: `${random.int(1, 4)}E`,
              section: String(random.int(1, 36)),
            },
            water: random.chance(0.97) ? "MUNICIPAL" : "WELL",
            sewer: random.chance(0.96) ? "MUNICIPAL" : "SEPTIC",
            ...facts(random, market, kind, zip.state, yearBuilt),
          };
          base.fireplaceType = base.fireplaces ? random.pick(["GAS", "WOOD BURNING", "MASONRY"]) : "NONE";
          const value = valueToday(random, market, base);
          const { owners, vesting } = makeOwners(random);
          const corporate = owners.some((owner) => owner.kind === "corporation");
          const ownerOccupied = !corporate && !base.vacant && random.chance(0.82);
          const sales = makeSales(random, market, zip.state, value, yearBuilt, owners.map(ownerName).join(" & "));
          const property: Property = {
            ...base,
            owners,
            vesting,
            ownerOccupied,
            mailingAddress: ownerOccupied ? oneLine(address) : mailingElsewhere(random),
            sales,
            loans: makeLoans(random, sales.at(-1)!, value, ownerOccupied, market),
            assessments: makeAssessments(random, market, value),
          };
          properties.push(property);
        }
      }
    });
  }
  shareOwners(random, properties);
  return { seed, asOf: AS_OF, properties };
}

function floodZone(random: Random, fips: string): Property["flood"] {
  const zone = random.weighted([
    ["X", 88],
    ["X500", 6],
    ["AE", 4],
    ["A", 2],
  ] as const);
  return {
    zone,
    panel: `${fips}C${String(random.int(1000, 2999))}${random.pick(["H", "J", "K", "L"])}`,
    panelDate: random.date("2009-01-01", "2021-12-31"),
    sfha: zone === "AE" || zone === "A",
  };
}

const MAIL_CITIES = [
  "SCOTTSDALE, AZ 85251",
  "EVANSTON, IL 60201",
  "BELLEVUE, WA 98004",
  "DECATUR, GA 30030",
  "ROUND ROCK, TX 78664",
  "LAKEWOOD, CO 80226",
  "SAN DIEGO, CA 92101",
  "BROOKLYN, NY 11215",
];

function mailingElsewhere(random: Random): string {
  return `PO BOX ${random.int(100, 9999)}, ${random.pick(MAIL_CITIES)}`;
}

/**
 * Some people own more than one home: give the owners of a few owner-occupied houses a second, absentee property,
 * mailed to the home they live in.
 */
function shareOwners(random: Random, properties: Property[]): void {
  const homes = properties.filter(
    (p) => p.ownerOccupied && p.owners.every((o) => o.kind === "person") && p.owners.length <= 2,
  );
  const rentals = properties.filter((p) => !p.ownerOccupied && !p.vacant && p.owners.every((o) => o.kind === "person"));
  const pairs = Math.round(properties.length * 0.03);
  for (let i = 0; i < pairs && i < rentals.length; i++) {
    const home = random.pick(homes);
    const rental = rentals[i]!;
    if (home === rental) continue;
    rental.owners = home.owners;
    rental.vesting = home.vesting;
    rental.mailingAddress = oneLine(home.address);
    const last = rental.sales.at(-1)!;
    last.buyers = home.owners.map(ownerName).join(" & ");
  }
}
