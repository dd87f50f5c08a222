export { parseAddress, parseStreet, readAddress, tokenize } from "./parse";
export type { AddressParts, Correction, ParseOptions, ReadAddress, StreetParts } from "./parse";
export { addressKey, displayCase, displayKey, formattedStreetName, oneLine, streetLine } from "./format";
export { standardize } from "./standardize";
export { isStateCode } from "./tables";
export { citiesOf, isCity, zipCode, zipsOfCity } from "./zip-codes";
export type { ZipCode } from "./zip-codes";
export { timeZoneInfo } from "./time-zones";
export type { TimeZoneInfo } from "./time-zones";
