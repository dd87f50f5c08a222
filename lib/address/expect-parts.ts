import { expect } from "vitest";
import { readAddress } from "./parse";
import { LABEL_FIELDS } from "./label-fields";
import { zipTableOptions } from "./zip-codes";

const FIELDS = LABEL_FIELDS;

/**
 * For the parser's table-driven tests: `label` lists the fields above in order, separated by "|", as the benchmark's
 * labelled sets do: "415|W|ADAMS|||#|14B|CHICAGO|IL|60606|".
 */
export function expectParts(input: string, label: string) {
  const { parts } = readAddress(input, zipTableOptions);
  const values = label.split("|");
  expect(values).toHaveLength(FIELDS.length);
  expect(Object.fromEntries(FIELDS.map((f) => [f, parts[f]]))).toEqual(
    Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])),
  );
}
