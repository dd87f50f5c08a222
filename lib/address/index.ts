export { parseAddress, parseStreet, tokenize } from "./parse";
export type { AddressParts, ParseOptions, StreetParts } from "./parse";
export { addressKey, displayCase, formattedStreetName, oneLine, streetLine } from "./format";
export { isStateCode } from "./tables";
