import "server-only";
import type { PropertySummary } from "@/lib/property-api";
import { upstream } from "./upstream";

/** The facts of a property the way pages show them: camelCase, numbers as numbers, no upstream key names. */
export interface PropertyFacts {
  id: number | undefined;
  address: string;
  county: string;
  apn: string;
  propertyType: string;
  yearBuilt: number;
  livingSqft: number;
  lotSqft: number;
  bathsFull: number;
  bathsTotal: number;
  stories: number;
  construction: string;
  roof: string;
  parking: string;
  heating: string;
  cooling: string;
  ownerOccupied: boolean;
  lastSale: { date: string; amount: number; pricePerSqft: number };
  assessment: { year: number; assessedValue: number; marketValue: number; tax: number };
  estimate: { value: number; low: number; high: number; confidence: number; date: string };
}

export function toPropertyFacts(summary: PropertySummary): PropertyFacts {
  const { building, assessment, sale, serviceEstimate } = summary;
  return {
    id: summary.identifier.Id ?? summary.identifier.propertyId,
    address: summary.address.oneLine,
    county: summary.area.countrysecsubd,
    apn: summary.identifier.apn,
    propertyType: summary.propertyType.propclass,
    yearBuilt: summary.propertyType.yearbuilt,
    livingSqft: building.size.livingsize,
    lotSqft: summary.lot.lotsize2,
    bathsFull: building.rooms.bathsfull,
    bathsTotal: building.rooms.bathstotal,
    stories: building.summary.levels,
    construction: building.construction.constructiontype,
    roof: building.construction.roofcover,
    parking: building.parking.prkgSpaces === "0" ? "No garage" : `${building.parking.prkgSpaces} garage spaces`,
    heating: summary.utilities.heatingtype,
    cooling: summary.utilities.coolingtype,
    ownerOccupied: summary.propertyType.absenteeInd === "OWNER OCCUPIED",
    lastSale: { date: sale.amount.salerecdate, amount: sale.amount.saleamt, pricePerSqft: sale.calculation.pricepersizeunit },
    assessment: {
      year: assessment.tax.taxyear,
      assessedValue: assessment.assessed.assdttlvalue,
      marketValue: assessment.market.mktttlvalue,
      tax: assessment.tax.taxamt,
    },
    estimate: {
      value: serviceEstimate.amount.value,
      low: serviceEstimate.amount.low,
      high: serviceEstimate.amount.high,
      confidence: serviceEstimate.amount.scr,
      date: serviceEstimate.eventDate,
    },
  };
}

/** The property summary of an address, mapped for pages. */
export async function propertyFacts(address: string): Promise<PropertyFacts> {
  const { propertySummary } = await upstream().client.propertySummary(address);
  return toPropertyFacts(propertySummary);
}
