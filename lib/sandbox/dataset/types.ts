import type { AddressParts } from "@/lib/address";

export type PropertyKind = "SFR" | "TOWNHOUSE" | "CONDOMINIUM";
export type Grade = "FAIR" | "AVERAGE" | "GOOD" | "EXCELLENT";
export type Condition = "POOR" | "FAIR" | "AVERAGE" | "GOOD" | "EXCELLENT";

export interface Person {
  kind: "person";
  first: string;
  middle: string;
  last: string;
  suffix: string;
}

export interface Entity {
  kind: "corporation" | "trust";
  /** The entity's name as recorded, e.g. "SUNRISE HOLDINGS LLC" or "SMITH FAMILY TRUST". */
  name: string;
  /** A trust's trustees, who verify as its owners. */
  trustees: Person[];
}

export type Owner = Person | Entity;

export interface Sale {
  date: string;
  price: number;
  docType: string;
  docNumber: string;
  /** `RESALE`, `NEW CONSTRUCTION`, `REFINANCE`… as recorders write the transaction. */
  transactionType: string;
  newConstruction: boolean;
  cash: boolean;
  interFamily: boolean;
  buyers: string;
  sellers: string;
}

export interface Loan {
  id: string;
  position: 1 | 2 | 3;
  lender: string;
  type: "CONVENTIONAL" | "FHA" | "VA" | "HELOC" | "PRIVATE";
  originalAmount: number;
  /** Annual interest rate in percent. */
  rate: number;
  originationDate: string;
  termMonths: number;
  /** Balance at the data set's as-of date, from the amortization schedule (or the drawn share of a line). */
  balance: number;
}

export interface Assessment {
  year: number;
  landValue: number;
  improvementValue: number;
  marketValue: number;
  assessedValue: number;
  taxAmount: number;
}

export interface Property {
  id: number;
  apn: string;
  address: AddressParts;
  county: string;
  countyFips: string;
  latitude: number;
  longitude: number;
  ianaZone: string;
  carrierRoute: string;
  congressionalDistrict: string;
  vacant: boolean;
  kind: PropertyKind;
  /** Units of the same building share a building key; a building address without a unit is incomplete. */
  buildingKey: string | null;
  yearBuilt: number;
  effectiveYearBuilt: number;
  livingSqft: number;
  grossSqft: number;
  groundFloorSqft: number;
  lotSqft: number;
  lotDepth: number;
  lotFrontage: number;
  bedrooms: number;
  bathsFull: number;
  bathsHalf: number;
  stories: number;
  rooms: number;
  fireplaces: number;
  fireplaceType: string;
  pool: boolean;
  garageSpaces: number;
  parkingType: string;
  construction: { type: string; frame: string; foundation: string; roofCover: string; roofShape: string; wall: string };
  heating: string;
  cooling: string;
  floors: string;
  quality: Grade;
  condition: Condition;
  view: string;
  porch: string;
  patio: string;
  fence: string;
  water: string;
  sewer: string;
  flood: { zone: string; panel: string; panelDate: string; sfha: boolean };
  legal: {
    lot: string;
    block: string;
    subdivision: string;
    taxCodeArea: string;
    description: string;
    municipality: string;
    municipalityCode: string;
    schoolDistrict: string;
    township: string;
    range: string;
    section: string;
  };
  owners: Owner[];
  ownerOccupied: boolean;
  /** Where the owners get their mail; the property itself when they live there. */
  mailingAddress: string;
  vesting: string;
  sales: Sale[];
  loans: Loan[];
  assessments: Assessment[];
}

export interface Dataset {
  seed: string;
  asOf: string;
  properties: Property[];
}
