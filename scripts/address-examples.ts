/**
 * Hand-labelled addresses of the kinds Publication 28 describes: every unit designator, PO boxes, rural routes and
 * highway contracts, highways, fractions and lettered house numbers, post-directionals, territories; and the ways
 * people write them (issue 15): units without designator, floors, units first or after a comma, spelled numbers,
 * cities spelled with St or E, suffix words as names, states twice or mistyped, typos of suffixes and designators.
 *
 * The examples themselves are in address-examples.json, each naming only the parts it has; they are checked against
 * this file's shape when read, so a misspelt part is refused rather than read as blank.
 */
import { z } from "zod";
import type { AddressParts } from "@/lib/address";
import examples from "./address-examples.json" with { type: "json" };

/** What a benchmark case expects the parser to find. */
export type Expected = Pick<
  AddressParts,
  | "number"
  | "preDirectional"
  | "name"
  | "suffix"
  | "postDirectional"
  | "unitType"
  | "unitNumber"
  | "city"
  | "state"
  | "zip"
  | "zip4"
>;

const blank: Expected = {
  number: "",
  preDirectional: "",
  name: "",
  suffix: "",
  postDirectional: "",
  unitType: "",
  unitNumber: "",
  city: "",
  state: "",
  zip: "",
  zip4: "",
};

const part = z.string().optional();
const Example = z.strictObject({
  input: z.string().min(1),
  expected: z.strictObject({
    number: part,
    preDirectional: part,
    name: part,
    suffix: part,
    postDirectional: part,
    unitType: part,
    unitNumber: part,
    city: part,
    state: part,
    zip: part,
    zip4: part,
  } satisfies Record<keyof Expected, typeof part>),
});

export const PUBLICATION_EXAMPLES = z
  .array(Example)
  .parse(examples)
  .map(({ input, expected }) => ({ input, expected: { ...blank, ...expected } }));
