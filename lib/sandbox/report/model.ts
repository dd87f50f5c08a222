import { displayCase, oneLine } from "@/lib/address";
import type { PropertyReport, ReportSection } from "@/lib/property-api";
import {
  areaLabel,
  bathroomsLabel,
  bedroomsLabel,
  garageLabel,
  lotLabel,
  NOT_AVAILABLE,
  propertyTypeLabel,
} from "@/lib/property-api/facts";
import type { IndexedDataset, Property } from "../dataset";
import { ownerName } from "../dataset/history";
import { computeEquity, conditionRange } from "../equity";
import { AS_OF } from "../dataset";
import { valueProperty } from "../valuation";

export const SERVICE_BRAND = {
  provider: "Property Data Service",
  estimateName: "Service Estimate",
  disclaimer:
    "The Service Estimate is an automated valuation computed from public records and recent comparable sales. " +
    "It is not an appraisal and should not be used in place of one.",
};

const grouped = new Intl.NumberFormat("en-US");
const usd = (value: number) => `$${grouped.format(Math.round(value))}`;
const yesNo = (value: boolean) => (value ? "Yes" : "No");
const title = (value: string) => displayCase(value);
/** Facts in order; a value the records lack says so rather than being made up. */
const facts = (entries: [string, string | number | undefined | null][]) =>
  entries.map(([label, value]) => ({
    label,
    value: value === undefined || value === null || value === "" ? NOT_AVAILABLE : String(value),
  }));

/** The fourteen sections of the report, built from the property's records. */
export function buildReport(
  dataset: IndexedDataset,
  property: Property,
  applicantName: string,
  maxLTV = 0.8,
  now = new Date(),
  date = AS_OF,
): PropertyReport {
  const valuation = valueProperty(dataset, property, date);
  const equity = computeEquity(valuation, property.loans, maxLTV);
  const conditions = conditionRange(valuation);
  const assessment = property.assessments.at(-1)!;
  const lastSale = property.sales.at(-1)!;
  const sections: ReportSection[] = [
    {
      id: "property-details",
      title: "Property details",
      facts: facts([
        ["Address", oneLine(property.address)],
        ["Property type", propertyTypeLabel(property.kind)],
        ["Year built", property.yearBuilt],
        ["Living area", areaLabel(property.livingSqft)],
        ["Lot size", lotLabel(property.lotSqft)],
        ["Bedrooms", bedroomsLabel(property.bedrooms)],
        ["Bathrooms", bathroomsLabel(property.bathsFull, property.bathsHalf)],
        ["County", `${property.county} (FIPS ${property.countyFips})`],
        ["Occupancy", property.ownerOccupied ? "Owner occupied" : "Absentee owner"],
      ]),
    },
    {
      id: "flood-zone",
      title: "Flood zone",
      facts: facts([
        ["FEMA flood zone", property.flood.zone],
        ["Special flood hazard area", yesNo(property.flood.sfha)],
        ["Map panel", property.flood.panel],
        ["Panel effective date", property.flood.panelDate],
      ]),
      note: property.flood.sfha
        ? "Flood insurance is usually required for federally backed loans in this zone."
        : undefined,
    },
    {
      id: "utilities",
      title: "Utilities",
      facts: facts([
        ["Water", title(property.water)],
        ["Sewer", title(property.sewer)],
        ["Heating", title(property.heating)],
        ["Cooling", title(property.cooling)],
      ]),
    },
    {
      id: "legal-information",
      title: "Legal information",
      facts: facts([
        ["Assessor's parcel number", property.apn],
        ["Legal description", property.legal.description],
        ["Subdivision", title(property.legal.subdivision)],
        ["Tax code area", property.legal.taxCodeArea],
        ["Municipality", title(property.legal.municipality)],
        ["School district", title(property.legal.schoolDistrict)],
        [
          "Township / range / section",
          `${property.legal.township} / ${property.legal.range} / ${property.legal.section}`,
        ],
      ]),
    },
    {
      id: "interior",
      title: "Interior",
      facts: facts([
        ["Total rooms", property.rooms],
        ["Bedrooms", bedroomsLabel(property.bedrooms)],
        ["Bathrooms", bathroomsLabel(property.bathsFull, property.bathsHalf)],
        ["Floors", title(property.floors)],
        ["Fireplaces", property.fireplaces ? `${property.fireplaces} (${title(property.fireplaceType)})` : "None"],
      ]),
    },
    {
      id: "ownership",
      title: "Ownership",
      facts: facts([
        ["Vesting", title(property.vesting)],
        ["Mailing address", property.mailingAddress],
        ["Owner occupied", yesNo(property.ownerOccupied)],
      ]),
      table: {
        columns: ["Owner", "Type"],
        rows: property.owners.map((o) => [ownerName(o), o.kind === "person" ? "Individual" : title(o.kind)]),
      },
    },
    {
      id: "building",
      title: "Building",
      facts: facts([
        ["Building area", areaLabel(property.grossSqft)],
        ["Stories", property.stories],
        ["Construction", title(property.construction.type)],
        ["Frame", title(property.construction.frame)],
        ["Foundation", title(property.construction.foundation)],
        ["Roof", `${title(property.construction.roofCover)}, ${title(property.construction.roofShape)}`],
        ["Exterior walls", title(property.construction.wall)],
        ["Parking", garageLabel(property.garageSpaces)],
        ["Parking type", title(property.parkingType)],
        ["Quality / condition", `${title(property.quality)} / ${title(property.condition)}`],
        ["Effective year built", property.effectiveYearBuilt],
      ]),
    },
    {
      id: "external-improvements",
      title: "External improvements",
      facts: facts([
        ["Pool", yesNo(property.pool)],
        ["Porch", title(property.porch)],
        ["Patio / deck", title(property.patio)],
        ["Fence", title(property.fence)],
        ["View", title(property.view)],
      ]),
    },
    {
      id: "tax-and-assessment",
      title: "Tax and assessment",
      facts: facts([
        ["Tax year", assessment.year],
        ["Assessed value", usd(assessment.assessedValue)],
        ["Market value", usd(assessment.marketValue)],
        ["Annual tax", usd(assessment.taxAmount)],
      ]),
      table: {
        columns: ["Year", "Land", "Improvements", "Market value", "Assessed value", "Tax"],
        rows: property.assessments.map((a) => [
          String(a.year),
          usd(a.landValue),
          usd(a.improvementValue),
          usd(a.marketValue),
          usd(a.assessedValue),
          usd(a.taxAmount),
        ]),
      },
    },
    {
      id: "sales-history",
      title: "Sales history",
      facts: facts([
        ["Last sale", `${usd(lastSale.price)} on ${lastSale.date}`],
        ["Purchase", lastSale.cash ? "Cash" : "Financed"],
      ]),
      table: {
        columns: ["Date", "Price", "Document", "Buyer", "Seller"],
        rows: [...property.sales]
          .reverse()
          .map((s) => [s.date, usd(s.price), `${title(s.docType)} ${s.docNumber}`, s.buyers, s.sellers]),
      },
    },
    {
      id: "active-mortgages",
      title: "Active mortgages",
      facts: facts([
        ["Active loans", property.loans.length],
        ["Total estimated balance", usd(equity.totalLoanBalance)],
      ]),
      table: property.loans.length
        ? {
            columns: ["Position", "Lender", "Type", "Original amount", "Rate", "Recorded", "Estimated balance"],
            rows: property.loans.map((l) => [
              String(l.position),
              title(l.lender),
              l.type,
              usd(l.originalAmount),
              `${l.rate.toFixed(3)}%`,
              l.originationDate,
              usd(l.balance),
            ]),
          }
        : undefined,
      note: property.loans.length ? undefined : "No active mortgage is recorded against this property.",
    },
    {
      id: "equity-analysis",
      title: "Equity analysis",
      facts: facts([
        [SERVICE_BRAND.estimateName, usd(equity.value)],
        ["Total loan balance", usd(equity.totalLoanBalance)],
        ["Total equity", usd(equity.totalEquity)],
        ["Loan-to-value", `${(equity.ltv * 100).toFixed(1)}%`],
        [`Available equity at ${Math.round(maxLTV * 100)}% LTV`, usd(equity.availableEquity)],
        ["Available equity range", `${usd(equity.availableEquityLow)} – ${usd(equity.availableEquityHigh)}`],
      ]),
    },
    {
      id: "recently-sold-comparables",
      title: "Recently sold comparables",
      facts: facts([["Comparables used", valuation.comparables.length]]),
      table: {
        columns: ["Address", "Sold", "Price", "Living area", "Price / sq ft", "Distance"],
        rows: valuation.comparables.map((c) => [
          oneLine({ ...c.property.address, zip4: "" }),
          c.sale.date,
          usd(c.sale.price),
          areaLabel(c.property.livingSqft),
          usd(c.sale.price / c.property.livingSqft),
          `${c.distanceMiles.toFixed(2)} mi`,
        ]),
      },
    },
    {
      id: "automated-valuation-models",
      title: "Automated valuation models",
      facts: facts([
        [SERVICE_BRAND.estimateName, usd(valuation.value)],
        ["Range", `${usd(valuation.low)} – ${usd(valuation.high)}`],
        ["Confidence score", `${valuation.score} / 100`],
        ["Forecast standard deviation", `${(valuation.fsd * 100).toFixed(1)}%`],
        ["Estimate date", valuation.date],
        ["Provided by", SERVICE_BRAND.provider],
      ]),
      note: SERVICE_BRAND.disclaimer,
    },
  ];
  return {
    title: "Property report",
    generatedAt: now.toISOString(),
    applicantName,
    address: { oneLine: oneLine(property.address), apn: property.apn, county: property.county },
    branding: SERVICE_BRAND,
    valuation: {
      eventDate: valuation.date,
      value: valuation.value,
      low: valuation.low,
      high: valuation.high,
      confidenceScore: valuation.score,
    },
    charts: {
      valueRanges: [
        { label: "Estimate range", low: valuation.low, high: valuation.high },
        { label: "Poor condition", low: conditions.avmpoorlow, high: conditions.avmpoorhigh },
        { label: "Good condition", low: conditions.avmgoodlow, high: conditions.avmgoodhigh },
        { label: "Excellent condition", low: conditions.avmexcellentlow, high: conditions.avmexcellenthigh },
      ],
      assessments: property.assessments.map((a) => ({
        year: a.year,
        market: a.marketValue,
        assessed: a.assessedValue,
      })),
    },
    sections,
  };
}
