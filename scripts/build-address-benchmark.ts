/**
 * Builds the labelled address set of `npm run bench:address`: messy spellings of data-set addresses (the kinds of
 * mistakes people make typing them) and Publication 28's own kinds of address, each with its standardized parts.
 * Writes bench/data/addresses.json; run again after changing the data set.
 */
import { writeFileSync } from "node:fs";
import seedrandom from "seedrandom";
import { displayCase, streetLine, type AddressParts } from "@/lib/address";
import { SUFFIXES } from "@/lib/address/tables";
import { getDataset } from "@/lib/sandbox/dataset";
import { PUBLICATION_EXAMPLES, type Expected } from "./address-examples";

const random = seedrandom.alea("address-benchmark/v1");
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const suffixSpellings = new Map<string, string[]>();
for (const [spelling, standard] of SUFFIXES)
  suffixSpellings.set(standard, [...(suffixSpellings.get(standard) ?? []), spelling]);
const DIRECTION_WORDS: Record<string, string[]> = {
  N: ["North", "N.", "n", "N"],
  S: ["South", "S.", "s"],
  E: ["East", "E.", "e"],
  W: ["West", "W.", "w"],
  NE: ["Northeast", "N.E.", "NE", "ne"],
  NW: ["Northwest", "N.W.", "NW"],
  SE: ["Southeast", "S.E."],
  SW: ["Southwest", "S.W."],
};
const STATE_NAMES: Record<string, string[]> = {
  AZ: ["Arizona", "Ariz", "az", "AZ"],
  IL: ["Illinois", "Ill", "il", "IL"],
  WA: ["Washington", "Wash", "wa"],
  GA: ["Georgia", "ga", "GA"],
  TX: ["Texas", "Tex", "tx"],
  CO: ["Colorado", "Colo", "co"],
};
const UNIT_WORDS: Record<string, string[]> = {
  APT: ["Apt", "Apartment", "apt.", "APT"],
  UNIT: ["Unit", "unit", "UNIT"],
};

const messyCase = (text: string) =>
  pick([(t: string) => t.toLowerCase(), (t: string) => t.toUpperCase(), displayCase])(text);

function messy(parts: AddressParts): { input: string; expected: Expected } {
  const words: string[] = [parts.number];
  if (parts.preDirectional) words.push(pick(DIRECTION_WORDS[parts.preDirectional]!));
  words.push(parts.name);
  if (parts.suffix) words.push(pick(suffixSpellings.get(parts.suffix)!) + (chance(0.2) ? "." : ""));
  if (parts.postDirectional) words.push(pick(DIRECTION_WORDS[parts.postDirectional]!));
  let unitType = parts.unitType;
  if (parts.unitType) {
    const style = random();
    if (style < 0.25) {
      words.push(`#${parts.unitNumber}`);
      unitType = "#";
    } else if (style < 0.4) words.push(`${pick(UNIT_WORDS[parts.unitType]!)} #${parts.unitNumber}`);
    else words.push(`${pick(UNIT_WORDS[parts.unitType]!)} ${parts.unitNumber}`);
  }
  const street = messyCase(words.join(" "));
  const city = messyCase(parts.city);
  const state = pick(STATE_NAMES[parts.state]!);
  const withZip4 = chance(0.3);
  const zip = withZip4 ? `${parts.zip}-${parts.zip4}` : chance(0.85) ? parts.zip : "";
  const commas = chance(0.7);
  const input = (commas ? `${street}, ${city}, ${state} ${zip}` : `${street} ${city} ${state} ${zip}`)
    .replace(/\s+/g, chance(0.1) ? "  " : " ")
    .trim();
  const { number, preDirectional, name, suffix, postDirectional, unitNumber } = parts;
  return {
    input,
    expected: {
      number,
      preDirectional,
      name,
      suffix,
      postDirectional,
      unitType,
      unitNumber,
      city: parts.city,
      state: parts.state,
      zip: zip ? parts.zip : "",
      zip4: withZip4 ? parts.zip4 : "",
    },
  };
}

const dataset = getDataset();
const sample = dataset.properties.filter((_, i) => i % 9 === 0);
const cases = [
  ...sample.map((property) => ({ source: "data set", ...messy(property.address) })),
  ...PUBLICATION_EXAMPLES.map(({ input, expected }) => ({ source: "publication 28", input, expected })),
];
writeFileSync(new URL("../bench/data/addresses.json", import.meta.url), JSON.stringify(cases, null, 1) + "\n");
console.log(
  `wrote ${cases.length} labelled addresses (${sample.length} from the data set, ${PUBLICATION_EXAMPLES.length} publication examples); check: ${streetLine(sample[0]!.address)}`,
);
