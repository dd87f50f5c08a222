import { createHash } from "node:crypto";
import { displayCase, oneLine, streetLine } from "@/lib/address";
import type { PropertySummaryWire } from "@/lib/property-api";
import type { Property } from "./dataset";
import { AS_OF } from "./dataset";
import { MARKETS } from "./dataset/markets";
import { conditionRange } from "./equity";
import type { Valuation } from "./valuation";

const geoId = (kind: string, value: string) => createHash("md5").update(`${kind}:${value}`).digest("hex");

const LAND_USE: Record<
  Property["kind"],
  { propclass: string; propsubtype: string; proptype: string; countyuse1: string; bldgType: string }
> = {
  SFR: {
    propclass: "Single Family Residence / Townhouse",
    propsubtype: "Residential",
    proptype: "SFR",
    countyuse1: "0131",
    bldgType: "SINGLE FAMILY",
  },
  TOWNHOUSE: {
    propclass: "Single Family Residence / Townhouse",
    propsubtype: "Residential",
    proptype: "TOWNHOUSE",
    countyuse1: "0151",
    bldgType: "TOWNHOUSE",
  },
  CONDOMINIUM: {
    propclass: "Condominium",
    propsubtype: "Residential",
    proptype: "CONDOMINIUM",
    countyuse1: "0171",
    bldgType: "CONDOMINIUM",
  },
};

function storyDesc(stories: number): string {
  return stories === 1 ? "ONE STORY" : stories === 2 ? "TWO STORY" : `${stories} STORIES`;
}

/** The spec's `propertySummary` for a property, with its valuation as `serviceEstimate`. */
export function propertySummary(
  property: Property,
  valuation: Valuation,
  lastMonth: Valuation,
  date = AS_OF,
): PropertySummaryWire {
  const market = MARKETS.find((m) => m.zip === property.address.zip)!;
  const use = LAND_USE[property.kind];
  const lastSale = property.sales.at(-1)!;
  const assessment = property.assessments.at(-1)!;
  const { address } = property;
  const line2 = `${displayCase(address.city)}, ${address.state} ${address.zip}`;
  const subdivisionId = geoId("SB", `${market.schoolDistrict}|${property.legal.subdivision}`);
  return {
    identifier: { Id: property.id, fips: property.countyFips, apn: property.apn },
    lot: {
      depth: property.lotDepth,
      frontage: property.lotFrontage,
      lotnum: property.legal.lot,
      lotsize1: Math.round((property.lotSqft / 43_560) * 10_000) / 10_000,
      lotsize2: property.lotSqft,
      poolind: property.pool ? "Y" : "N",
    },
    area: {
      loctype: property.legal.lot === "1" || property.legal.lot === "31" ? "CORNER" : "INTERIOR",
      countrysecsubd: `${property.county} County`,
      countyuse1: use.countyuse1,
      muncode: market.municipality.code,
      munname: property.legal.municipality,
      srvyRange: property.legal.range,
      srvySection: property.legal.section,
      srvyTownship: property.legal.township,
      subdname: property.legal.subdivision,
      taxcodearea: property.legal.taxCodeArea,
    },
    address: {
      country: "US",
      countrySubd: address.state,
      line1: displayCase(streetLine(address)),
      line2,
      locality: displayCase(address.city),
      matchCode: "ExaStr",
      oneLine: oneLine(address),
      postal1: address.zip,
      postal2: address.zip4,
      postal3: property.carrierRoute,
    },
    location: {
      accuracy: "Rooftop",
      latitude: property.latitude.toFixed(6),
      longitude: property.longitude.toFixed(6),
      distance: 0,
      geoid: `CO${property.countyFips}, PL${market.municipality.code}, ZI${address.zip}`,
      geoIdV4: {
        CO: geoId("CO", property.countyFips),
        CS: geoId("CS", `${property.countyFips}|${market.municipality.code}`),
        DB: geoId("DB", market.schoolDistrict),
        PL: geoId("PL", market.municipality.name),
        SB: `${subdivisionId},${geoId("SB", `${market.schoolDistrict}|middle`)}`,
        ZI: geoId("ZI", address.zip),
      },
    },
    propertyType: {
      absenteeInd: property.ownerOccupied ? "OWNER OCCUPIED" : "ABSENTEE(MAIL AND SITUS NOT =)",
      propclass: use.propclass,
      propsubtype: use.propsubtype,
      proptype: use.proptype,
      yearbuilt: property.yearBuilt,
    },
    utilities: { coolingtype: property.cooling, heatingtype: property.heating },
    building: {
      size: {
        bldgsize: property.grossSqft,
        grosssize: property.grossSqft,
        grosssizeadjusted: property.livingSqft,
        groundfloorsize: property.groundFloorSqft,
        livingsize: property.livingSqft,
        universalsize: property.livingSqft,
        sizeInd: "LIVING SQFT",
      },
      rooms: {
        bathfixtures: property.bathsFull * 3 + property.bathsHalf * 2,
        bathsfull: property.bathsFull,
        bathstotal: property.bathsFull + property.bathsHalf,
        beds: property.bedrooms,
      },
      interior: {
        floors: property.floors,
        fplccount: property.fireplaces,
        fplcind: property.fireplaces > 0 ? "Y" : "N",
        fplctype: property.fireplaceType,
      },
      construction: {
        constructiontype: property.construction.type,
        foundationtype: property.construction.foundation,
        frameType: property.construction.frame,
        roofcover: property.construction.roofCover,
        roofShape: property.construction.roofShape,
        wallType: property.construction.wall,
      },
      parking: { prkgSize: property.garageSpaces * 230, prkgSpaces: String(property.garageSpaces) },
      summary: {
        bldgsNum: 1,
        bldgType: use.bldgType,
        imprType: property.kind === "CONDOMINIUM" ? "CONDOMINIUM UNIT" : "DWELLING",
        levels: property.stories,
        quality: property.quality,
        storyDesc: storyDesc(property.stories),
        view: property.view,
        viewCode: property.view === "NONE" ? "000" : property.view.slice(0, 3),
        yearbuilteffective: property.effectiveYearBuilt,
      },
    },
    vintage: { lastModified: "2026-10-28", pubDate: date },
    serviceEstimate: {
      eventDate: valuation.date,
      amount: {
        scr: valuation.score,
        value: valuation.value,
        high: valuation.high,
        low: valuation.low,
        valueRange: valuation.high - valuation.low,
      },
      serviceEstimateChange: {
        lastmonthvalue: lastMonth.value,
        amountchange: valuation.value - lastMonth.value,
        percentchange: Math.round(((valuation.value - lastMonth.value) / lastMonth.value) * 10_000) / 100,
      },
      calculations: {
        perSizeUnit: Math.round((valuation.value / property.livingSqft) * 100) / 100,
        ratioTaxAmt: Math.round((valuation.value / assessment.taxAmount) * 100) / 100,
        ratioTaxValue: Math.round((valuation.value / assessment.assessedValue) * 100) / 100,
        rangePctOfValue: Math.round(((valuation.high - valuation.low) / valuation.value) * 10_000) / 100,
      },
      condition: conditionRange(valuation),
    },
    sale: {
      salesearchdate: lastSale.date,
      amount: {
        saleamt: lastSale.price,
        salerecdate: lastSale.date,
        saledisclosuretype: 0,
        saledoctype: lastSale.docType,
        saledocnum: lastSale.docNumber,
        saletranstype: lastSale.transactionType,
      },
      calculation: { pricepersizeunit: Math.round((lastSale.price / property.livingSqft) * 100) / 100 },
      interfamily: lastSale.interFamily ? "Y" : "N",
      resaleornewconstruction: lastSale.newConstruction ? "N" : "R",
      cashormortgagepurchase: lastSale.cash ? "CASH" : "MORTGAGE",
    },
    assessment: {
      appraised: {
        apprimprvalue: assessment.improvementValue,
        apprlandvalue: assessment.landValue,
        apprttlvalue: assessment.marketValue,
      },
      assessed: {
        assdttlpersizeunit: Math.round((assessment.assessedValue / property.livingSqft) * 100) / 100,
        assdttlvalue: assessment.assessedValue,
      },
      calculations: {
        calcimprind: "ASSESSED",
        calclandind: "ASSESSED",
        calcttlind: "ASSESSED",
        calcttlvalue: assessment.assessedValue,
        calcvaluepersizeunit: Math.round((assessment.assessedValue / property.livingSqft) * 100) / 100,
      },
      market: {
        mktimprvalue: assessment.improvementValue,
        mktlandvalue: assessment.landValue,
        mktttlvalue: assessment.marketValue,
      },
      tax: {
        taxamt: assessment.taxAmount,
        taxpersizeunit: Math.round((assessment.taxAmount / property.livingSqft) * 100) / 100,
        taxyear: assessment.year,
      },
    },
  };
}
