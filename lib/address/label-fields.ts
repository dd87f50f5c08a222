/**
 * The parts a hand-labelled address names, in the order of its label ("415|W|ADAMS|||#|14B|CHICAGO|IL|60606|"): the
 * benchmark's labelled sets and the parser's table-driven tests read labels by it.
 */
export const LABEL_FIELDS = [
  "number",
  "preDirectional",
  "name",
  "suffix",
  "postDirectional",
  "unitType",
  "unitNumber",
  "city",
  "state",
  "zip",
  "zip4",
] as const;
