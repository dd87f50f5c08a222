import { z } from "zod";
import type {
  HomeEquitySummary,
  NormalizedAddress,
  PropertySummary,
  ServiceEstimate,
  VerifyHomeownerResponse,
} from "@/lib/property-api";
import {
  areaLabel,
  bathroomsLabel,
  bedroomsLabel,
  garageLabel,
  lotLabel,
  propertyTypeLabel,
} from "@/lib/property-api/facts";
import { DPV_MEANINGS, explainDpvFootnotes, splitFootnotes } from "./codes";

/** The app's own shapes: camelCase, numbers as numbers, no upstream key names. Raw upstream JSON stops here. */

export const NormalizedAddressDto = z.object({
  requestId: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().optional(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  zipPlus4: z.string(),
  oneLine: z.string(),
  county: z.string(),
  countyFips: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  utcOffset: z.number(),
  observesDaylightSaving: z.boolean(),
  hash: z.string(),
  vacant: z.boolean().nullable(),
  carrierRoute: z.string(),
  congressionalDistrict: z.string(),
  deliverability: z.object({ code: z.string(), meaning: z.string(), notes: z.array(z.string()) }),
  /** What the service corrected (footnotes A, B, L, M, N). */
  corrections: z.array(z.string()),
  /** What the service found wrong (footnotes C, F, H, S, W). */
  problems: z.array(z.string()),
});
export type NormalizedAddressDto = z.infer<typeof NormalizedAddressDto>;

/**
 * One typed address checked: its normalization, and whether the service has a home there (false: none on record;
 * null: not asked, because the address is not deliverable, or the service could not answer).
 */
export const AddressCheckDto = NormalizedAddressDto.extend({ found: z.boolean().nullable() });
export type AddressCheckDto = z.infer<typeof AddressCheckDto>;

export function toNormalizedAddress(a: NormalizedAddress): NormalizedAddressDto {
  const zip = a.zipPlus4 ? `${a.zip}-${a.zipPlus4}` : a.zip;
  return {
    requestId: a.requestId,
    ok: !a.meta.error,
    ...(a.meta.error ? { error: a.errorMessage ?? "The address could not be standardized." } : {}),
    street: a.street,
    city: a.city,
    state: a.state,
    zip: a.zip,
    zipPlus4: a.zipPlus4,
    oneLine: a.meta.error ? "" : `${a.street}, ${a.city}, ${a.state} ${zip}`,
    county: a.county,
    countyFips: a.countyFipsCode,
    latitude: a.latitude,
    longitude: a.longitude,
    timeZone: a.timeZone,
    utcOffset: a.utcOffset,
    observesDaylightSaving: a.daylightSavingsTime,
    hash: a.hash,
    vacant: a.vacant === "" ? null : a.vacant === "Y",
    carrierRoute: a.carrierRoute,
    congressionalDistrict: a.congressionalDistrict,
    deliverability: {
      code: a.dpvMatchCode,
      meaning: DPV_MEANINGS[a.dpvMatchCode] ?? a.dpvMatchCode,
      notes: explainDpvFootnotes(a.dpvFootnotes),
    },
    ...splitFootnotes(a.footnotes, a.dpvMatchCode),
  };
}

const Range = z.object({ low: z.number(), high: z.number() });
export const ValuationDto = z.object({
  eventDate: z.string(),
  value: z.number(),
  low: z.number(),
  high: z.number(),
  /** Confidence score, 0–100. */
  confidence: z.number(),
  lastMonthValue: z.number(),
  changeAmount: z.number(),
  changePercent: z.number(),
  conditions: z.object({ poor: Range, good: Range, excellent: Range }),
  stale: z.boolean().optional(),
});
export type ValuationDto = z.infer<typeof ValuationDto>;

export function toValuation(e: ServiceEstimate): ValuationDto {
  const c = e.conditionRange;
  return {
    eventDate: e.eventDate,
    value: e.amount.value,
    low: e.amount.low,
    high: e.amount.high,
    confidence: e.amount.scr,
    lastMonthValue: e.AVMChange.avmlastmonthvalue,
    changeAmount: e.AVMChange.avmamountchange,
    changePercent: e.AVMChange.avmpercentchange,
    conditions: {
      poor: { low: c.avmpoorlow, high: c.avmpoorhigh },
      good: { low: c.avmgoodlow, high: c.avmgoodhigh },
      excellent: { low: c.avmexcellentlow, high: c.avmexcellenthigh },
    },
  };
}

export const LoanDto = z.object({
  position: z.enum(["primary", "second", "third"]),
  balance: z.number(),
  id: z.string(),
});
export type LoanDto = z.infer<typeof LoanDto>;

export const EquityDto = z.object({
  estimate: z.number(),
  estimateLow: z.number(),
  estimateHigh: z.number(),
  totalLoanBalance: z.number(),
  totalEquity: z.number(),
  /** Loan-to-value, 0–1. */
  ltv: z.number(),
  maxLtv: z.number(),
  availableEquity: z.number(),
  availableEquityLow: z.number(),
  availableEquityHigh: z.number(),
  loans: z.array(LoanDto),
  stale: z.boolean().optional(),
});
export type EquityDto = z.infer<typeof EquityDto>;

/**
 * The equity at any maximum LTV follows from the estimate and the loans (field-reference.md), so one upstream
 * answer serves every LTV a person tries.
 */
export function toEquity(summary: HomeEquitySummary, maxLtv: number): EquityDto {
  const { serviceEstimate: estimate, high, low } = summary["Home Value Summary"];
  const balance = summary.totalLoanBalance;
  const available = (value: number) => Math.max(0, Math.round((value * maxLtv - balance) * 100) / 100);
  const loans = summary["Current Loans"];
  const entries = [
    ["primary", loans.primaryMortgage],
    ["second", loans.secondHomeLoan],
    ["third", loans.thirdHomeLoan],
  ] as const;
  return {
    estimate,
    estimateLow: low,
    estimateHigh: high,
    totalLoanBalance: balance,
    totalEquity: summary.totalEquity,
    ltv: summary.LTV,
    maxLtv,
    availableEquity: available(estimate),
    availableEquityLow: available(low),
    availableEquityHigh: available(high),
    loans: entries.flatMap(([position, loan]) =>
      loan.exists && loan.balance !== null ? [{ position, balance: loan.balance, id: loan.ID ?? "" }] : [],
    ),
  };
}

export const VerificationDto = z.object({
  isVerified: z.boolean(),
  /** 0–1. */
  matchScore: z.number(),
  ownerOccupied: z.boolean(),
  corporateOwner: z.boolean(),
  propertyType: z.string(),
  owners: z.array(z.object({ lastName: z.string(), firstNameAndInitial: z.string() })),
  stale: z.boolean().optional(),
});
export type VerificationDto = z.infer<typeof VerificationDto>;

export function toVerification(response: VerifyHomeownerResponse): VerificationDto {
  const v = response["Owner Verification"];
  const names = response["Owner Names"];
  return {
    isVerified: v.isVerified,
    matchScore: v.matchScore,
    ownerOccupied: v.ownerOccupied,
    corporateOwner: v.corporation,
    propertyType: v.propertyType,
    owners: [names.owner1, names.owner2, names.owner3, names.owner4].flatMap((o) =>
      "lastname" in o ? [{ lastName: o.lastname, firstNameAndInitial: o.firstnameandmi }] : [],
    ),
  };
}

/** The facts of a property the way pages show them: camelCase, numbers as numbers, no upstream key names. */
export const PropertyFacts = z.object({
  id: z.number().optional(),
  address: z.string(),
  county: z.string(),
  apn: z.string(),
  /** The summary's `proptype` code: SFR, TOWNHOUSE, CONDOMINIUM. */
  propertyType: z.string(),
  yearBuilt: z.number(),
  livingSqft: z.number(),
  lotSqft: z.number(),
  /** From `building.rooms.beds`, which the spec's table does not list; null when the service does not send it. */
  bedrooms: z.number().nullable(),
  bathsFull: z.number(),
  bathsTotal: z.number(),
  stories: z.number(),
  construction: z.string(),
  /** The roof's cover and shape codes (`roofcover`, `roofShape`): "COMPOSITION SHINGLE", "GABLE". */
  roof: z.string(),
  roofShape: z.string().optional(),
  garageSpaces: z.number(),
  /** The facts as pages show them, worded by the formatter the property report uses too (lib/property-api/facts). */
  display: z.object({
    propertyType: z.string(),
    livingArea: z.string(),
    lot: z.string(),
    bedrooms: z.string(),
    bathrooms: z.string(),
    parking: z.string(),
  }),
  heating: z.string(),
  cooling: z.string(),
  ownerOccupied: z.boolean(),
  lastSale: z.object({ date: z.string(), amount: z.number(), pricePerSqft: z.number() }),
  assessment: z.object({ year: z.number(), assessedValue: z.number(), marketValue: z.number(), tax: z.number() }),
  estimate: z.object({
    value: z.number(),
    low: z.number(),
    high: z.number(),
    confidence: z.number(),
    date: z.string(),
    /** The change since last month's estimate, in dollars and percent. */
    changeAmount: z.number(),
    changePercent: z.number(),
  }),
  stale: z.boolean().optional(),
});
export type PropertyFacts = z.infer<typeof PropertyFacts>;

export function toPropertyFacts(summary: PropertySummary): PropertyFacts {
  const { building, assessment, sale, serviceEstimate } = summary;
  const garageSpaces = Number(building.parking.prkgSpaces) || 0;
  // Not in the spec's table: present when the service sends `building.rooms.beds` (the embedded one does).
  const bedrooms = building.rooms.beds ?? null;
  return {
    id: summary.identifier.Id ?? summary.identifier.propertyId,
    address: summary.address.oneLine,
    county: summary.area.countrysecsubd,
    apn: summary.identifier.apn,
    propertyType: summary.propertyType.proptype,
    yearBuilt: summary.propertyType.yearbuilt,
    livingSqft: building.size.livingsize,
    lotSqft: summary.lot.lotsize2,
    bedrooms,
    bathsFull: building.rooms.bathsfull,
    bathsTotal: building.rooms.bathstotal,
    stories: building.summary.levels,
    construction: building.construction.constructiontype,
    roof: building.construction.roofcover,
    roofShape: building.construction.roofShape,
    garageSpaces,
    display: {
      propertyType: propertyTypeLabel(summary.propertyType.proptype, summary.propertyType.propclass),
      livingArea: areaLabel(building.size.livingsize),
      lot: lotLabel(summary.lot.lotsize2),
      bedrooms: bedroomsLabel(bedrooms),
      bathrooms: bathroomsLabel(building.rooms.bathsfull, building.rooms.bathstotal - building.rooms.bathsfull),
      parking: garageLabel(garageSpaces),
    },
    heating: summary.utilities.heatingtype,
    cooling: summary.utilities.coolingtype,
    ownerOccupied: summary.propertyType.absenteeInd === "OWNER OCCUPIED",
    lastSale: {
      date: sale.amount.salerecdate,
      amount: sale.amount.saleamt,
      pricePerSqft: sale.calculation.pricepersizeunit,
    },
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
      changeAmount: serviceEstimate.serviceEstimateChange.amountchange,
      changePercent: serviceEstimate.serviceEstimateChange.percentchange,
    },
  };
}

/** A home of a proved owner record: its facts and its equity. */
export interface OwnedProperty {
  propertyId: number;
  facts: PropertyFacts;
  equity: EquityDto;
}
