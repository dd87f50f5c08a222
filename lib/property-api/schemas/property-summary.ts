import { z } from "zod";
import { HomeEquitySummary, liftEquityFields } from "./operations";
import { IsoDate } from "./common";

const int = z.number().int();
const num = z.number();
const str = z.string();

export const PropertySummary = z.object({
  identifier: z.object({
    Id: int.optional(),
    userId: int.optional(),
    propertyId: int.optional(),
    fips: str,
    apn: str,
  }),
  lot: z.object({ depth: num, frontage: num, lotnum: str, lotsize1: num, lotsize2: num, poolind: str }),
  area: z.object({
    loctype: str,
    countrysecsubd: str,
    countyuse1: str,
    muncode: str,
    munname: str,
    srvyRange: str,
    srvySection: str,
    srvyTownship: str,
    subdname: str,
    taxcodearea: str,
  }),
  address: z.object({
    country: str,
    countrySubd: str,
    line1: str,
    line2: str,
    locality: str,
    matchCode: str,
    oneLine: str,
    postal1: str,
    postal2: str,
    postal3: str,
  }),
  location: z.object({
    accuracy: str,
    latitude: str,
    longitude: str,
    distance: num,
    geoid: str,
    geoIdV4: z.object({ CO: str, CS: str, DB: str, PL: str, SB: str, ZI: str }),
  }),
  propertyType: z.object({ absenteeInd: str, propclass: str, propsubtype: str, proptype: str, yearbuilt: int }),
  utilities: z.object({ coolingtype: str, heatingtype: str }),
  building: z.object({
    size: z.object({
      bldgsize: int,
      grosssize: int,
      grosssizeadjusted: int,
      groundfloorsize: int,
      livingsize: int,
      universalsize: int,
      sizeInd: str,
    }),
    // `beds` is not in the spec's table; property-data services of this family send it, and the embedded one does.
    // Optional, so a service without it still parses (the page then says "Not available").
    rooms: z.object({ bathfixtures: int, bathsfull: int, bathstotal: int, beds: int.optional() }),
    interior: z.object({ floors: str, fplccount: int, fplcind: str, fplctype: str }),
    construction: z.object({
      constructiontype: str,
      foundationtype: str,
      frameType: str,
      roofcover: str,
      roofShape: str,
      wallType: str,
    }),
    parking: z.object({ prkgSize: int, prkgSpaces: str }),
    summary: z.object({
      bldgsNum: int,
      bldgType: str,
      imprType: str,
      levels: int,
      quality: str,
      storyDesc: str,
      view: str,
      viewCode: str,
      yearbuilteffective: int,
    }),
  }),
  vintage: z.object({ lastModified: IsoDate, pubDate: IsoDate }),
  serviceEstimate: z.object({
    eventDate: IsoDate,
    amount: z.object({ scr: num, value: num, high: num, low: num, valueRange: num }),
    serviceEstimateChange: z.object({ lastmonthvalue: num, amountchange: num, percentchange: num }),
    calculations: z.object({ perSizeUnit: num, ratioTaxAmt: num, ratioTaxValue: num, rangePctOfValue: num }),
    condition: z.object({
      avmpoorlow: num,
      avmpoorhigh: num,
      avmgoodlow: num,
      avmgoodhigh: num,
      avmexcellentlow: num,
      avmexcellenthigh: num,
    }),
  }),
  sale: z.object({
    salesearchdate: IsoDate,
    amount: z.object({
      saleamt: num,
      salerecdate: IsoDate,
      saledisclosuretype: int,
      saledoctype: str,
      saledocnum: str,
      saletranstype: str,
    }),
    calculation: z.object({ pricepersizeunit: num }),
    interfamily: str,
    resaleornewconstruction: str,
    cashormortgagepurchase: str,
  }),
  assessment: z.object({
    appraised: z.record(z.string(), z.unknown()),
    assessed: z.object({ assdttlpersizeunit: num, assdttlvalue: num }),
    calculations: z.object({
      calcimprind: str,
      calclandind: str,
      calcttlind: str,
      calcttlvalue: num,
      calcvaluepersizeunit: num,
    }),
    market: z.object({ mktimprvalue: num, mktlandvalue: num, mktttlvalue: num }),
    tax: z.object({ taxamt: num, taxpersizeunit: num, taxyear: int }),
  }),
});

export const PropertySummaryResponse = z.object({ propertySummary: PropertySummary });

/** One property of an owner: its summary and its equity summary (equity fields nested or beside, read by name). */
export const OwnerProperty = z.preprocess(
  liftEquityFields,
  z.intersection(z.object({ propertySummary: PropertySummary }), HomeEquitySummary),
);

/**
 * How several properties are arranged is not in the spec: accept `{ properties: [...] }`, a bare array, or a single
 * property object, and always hand out a list.
 */
export const OwnerDataResponse = z.preprocess(
  (input) => {
    if (Array.isArray(input)) return { properties: input };
    if (typeof input === "object" && input !== null && !("properties" in input) && "propertySummary" in input) {
      return { properties: [input] };
    }
    return input;
  },
  z.object({ userID: z.string().optional(), properties: z.array(OwnerProperty) }),
);

export type PropertySummary = z.output<typeof PropertySummary>;
export type PropertySummaryWire = z.input<typeof PropertySummary>;
export type PropertySummaryResponse = z.output<typeof PropertySummaryResponse>;
export type OwnerProperty = z.output<typeof OwnerProperty>;
export type OwnerDataResponse = z.output<typeof OwnerDataResponse>;
