/**
 * `npm run bench:address`: how well and how fast addresses are standardized, next to the `parse-address` and
 * `addresser` packages on the same labelled sets in the same process (the generated set; real-world addresses labelled
 * by hand: the project's own, and three sets from datamade/usaddress's files, one worked against, one read after a
 * first measurement, one never read; and two invented for issues 43 and 57 and kept aside), and a 1,000-address batch
 * through the embedded service's normalize endpoint. `ADDRESS_MISSES=1` lists every address lib/address gets wrong, with
 * the fields it got wrong, except the sealed and set-aside sets'; `ADDRESS_SET_ASIDE_MISSES=1` lists issue 57's set's,
 * to be read only after its last measurement.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import addresser from "addresser";
import parseAddressPackage from "parse-address";
import { parseAddress, zipTableOptions } from "@/lib/address";
import { CITY_WORDS } from "@/lib/address/city";
import { LABEL_FIELDS } from "@/lib/address/label-fields";
import { openDatabase } from "@/lib/db/client";
import { createSandboxHandler } from "@/lib/sandbox";
import type { Expected } from "../scripts/address-examples";
import { record } from "./record";

interface Case {
  source: string;
  input: string;
  expected: Expected;
}

const FIELDS = LABEL_FIELDS;
type Parsed = Record<(typeof FIELDS)[number], string>;

const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
const cases = readJson("./data/addresses.json") as Case[];
/** Hand-labelled rows `[kind, input, "number|preDirectional|…|zip4"]`. */
const labelled = (file: string): Case[] =>
  (readJson(file) as { cases: [string, string, string][] }).cases.map(([kind, input, label]) => {
    const values = label.split("|");
    return {
      source: kind,
      input,
      expected: Object.fromEntries(FIELDS.map((field, i) => [field, values[i] ?? ""])) as Expected,
    };
  });
const realWorld = labelled("./data/addresses-real-world.json");
const usaddressDev = labelled("./data/addresses-usaddress-dev.json");
const heldOut = labelled("./data/addresses-held-out.json");
const sealed = labelled("./data/addresses-sealed.json");
const setAside = labelled("./data/addresses-set-aside.json");
const setAside57 = labelled("./data/addresses-set-aside-57.json");

// Both sides in Publication 28's form before comparing: upper case, no periods or apostrophes, single spaces; a city's
// USPS-shortened words spelled out ("HUNTINGDON VY" is HUNTINGDON VALLEY), as lib/address writes a city the table
// knows.
const clean = (value: unknown) =>
  String(value ?? "")
    .toUpperCase()
    .replace(/[.'’]/g, "")
    .replace(/\s+/g, " ")
    .trim();
const cleanCity = (value: unknown) =>
  clean(value)
    .split(" ")
    .map((word, i) => (i > 0 && CITY_WORDS.get(word)) || word)
    .join(" ");
const canonical = (field: (typeof FIELDS)[number], value: unknown) =>
  field === "city" ? cleanCity(value) : clean(value);

const libraries: Record<string, (input: string) => Parsed> = {
  "lib/address": (input) => parseAddress(input, zipTableOptions),
  "parse-address": (input) => {
    const p = (parseAddressPackage.parseLocation(input) ?? {}) as Record<string, string | undefined>;
    return {
      number: p.number ?? "",
      preDirectional: p.prefix ?? "",
      name: p.street ?? (p.sec_unit_type?.toUpperCase().includes("BOX") ? "PO BOX" : ""),
      suffix: p.type ?? "",
      postDirectional: p.suffix ?? "",
      unitType: p.sec_unit_type ?? "",
      unitNumber: p.sec_unit_num ?? "",
      city: p.city ?? "",
      state: p.state ?? "",
      zip: p.zip ?? "",
      zip4: p.plus4 ?? "",
    };
  },
  addresser: (input) => {
    try {
      const a = addresser.parseAddress(input) as Record<string, string | undefined>;
      const [unitType = "", ...unitRest] = (a.addressLine2 ?? "").replace("#", " # ").trim().split(/\s+/);
      return {
        number: a.streetNumber ?? "",
        preDirectional: "",
        name: a.streetName ?? "",
        suffix: a.streetSuffix ?? "",
        postDirectional: "",
        unitType,
        unitNumber: unitRest.filter((t) => t !== "#").join(" "),
        city: a.placeName ?? "",
        state: a.stateAbbreviation ?? "",
        zip: a.zipCode ?? "",
        zip4: a.zipCodePlusFour?.split("-")[1] ?? "",
      };
    } catch {
      return Object.fromEntries(FIELDS.map((f) => [f, ""])) as Parsed;
    }
  },
};

function accuracy(cases: Case[], parse: (input: string) => Parsed) {
  const fieldHits = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<(typeof FIELDS)[number], number>;
  let exact = 0;
  const misses: string[] = [];
  for (const { input, expected } of cases) {
    const parsed = parse(input);
    let all = true;
    for (const field of FIELDS) {
      if (canonical(field, parsed[field]) === canonical(field, expected[field])) fieldHits[field]++;
      else all = false;
    }
    if (all) exact++;
    else
      misses.push(
        `${input}  →  ${FIELDS.filter((f) => canonical(f, parsed[f]) !== canonical(f, expected[f]))
          .map((f) => `${f} ${JSON.stringify(parsed[f])} ≠ ${JSON.stringify(expected[f])}`)
          .join(", ")}`,
      );
  }
  return { exact: exact / cases.length, fieldHits, misses };
}

/**
 * Addresses per second over every set, each library's best of seven rounds taken in turn, counted in this process's
 * CPU time: the machine is shared, and wall time would measure the neighbours.
 */
function throughputs(): Record<string, number> {
  const inputs = sets.flatMap((set) => set.cases.map((c) => c.input));
  const best: Record<string, number> = {};
  for (let round = 0; round < 7; round++) {
    for (const [name, parse] of Object.entries(libraries)) {
      const start = process.cpuUsage();
      for (let r = 0; r < 2; r++) for (const input of inputs) parse(input);
      const used = process.cpuUsage(start);
      best[name] = Math.max(best[name] ?? 0, (2 * inputs.length) / ((used.user + used.system) / 1e6));
    }
  }
  return best;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const sets: { name: string; title: string; cases: Case[]; sealed?: true; missesWhen?: string }[] = [
  {
    name: "labelled",
    title: `Labelled set: ${cases.length} addresses (${cases.filter((c) => c.source === "data set").length} messy data-set spellings, ${cases.filter((c) => c.source !== "data set").length} Publication 28 kinds)`,
    cases,
  },
  {
    name: "real-world",
    title: `Real-world set: ${realWorld.length} addresses as people write them, labelled by hand`,
    cases: realWorld,
  },
  {
    name: "usaddress",
    title: `usaddress training set: ${usaddressDev.length} complete addresses from datamade/usaddress training/labeled.xml, labelled by hand (the set issue 32 was worked against)`,
    cases: usaddressDev,
  },
  {
    name: "held-out",
    title: `Held-out set: ${heldOut.length} addresses from other datamade/usaddress files (US50, NC, dealstat, …), labelled by hand; 95.3% when first measured, before its misses were read`,
    cases: heldOut,
  },
  {
    name: "sealed",
    title: `Sealed set: ${sealed.length} addresses, the rest of usaddress's US50 test file, labelled by hand, never read by the parser's authors`,
    cases: sealed,
    // Its misses are not printed: a set whose misses someone reads is tuned to next.
    sealed: true,
  },
  {
    name: "set-aside",
    title: `Set aside for issue 43: ${setAside.length} invented addresses of its four kinds and their near-misses, labelled by hand before the parser was changed, not tuned to`,
    cases: setAside,
    // Its misses are read only after the last measurement, for the record: the changes it measures are not tuned to it.
    sealed: true,
  },
  {
    name: "set-aside-57",
    title: `Set aside for issue 57: ${setAside57.length} invented addresses of its six kinds and their near-misses, labelled by hand before the parser was changed, not tuned to`,
    cases: setAside57,
    // Its misses are printed only when asked, after the last measurement.
    sealed: true,
    missesWhen: "ADDRESS_SET_ASIDE_MISSES",
  },
];
const scores = sets.map((set) => {
  const results = Object.entries(libraries).map(([name, parse]) => ({ name, ...accuracy(set.cases, parse) }));
  console.log(`${set.title}\n`);
  console.log(["field".padEnd(16), ...results.map((r) => r.name.padStart(14))].join(""));
  for (const field of FIELDS)
    console.log(
      [field.padEnd(16), ...results.map((r) => pct(r.fieldHits[field] / set.cases.length).padStart(14))].join(""),
    );
  console.log(["all fields exact".padEnd(16), ...results.map((r) => pct(r.exact).padStart(14))].join(""));
  const ours = results.find((r) => r.name === "lib/address")!;
  if (set.missesWhen && process.env[set.missesWhen])
    console.log(`\nlib/address misses:\n  ${ours.misses.join("\n  ") || "none"}`);
  else if (set.sealed) console.log("(misses not shown: the set stays unread)");
  else if (process.env.ADDRESS_MISSES) console.log(`\nlib/address misses:\n  ${ours.misses.join("\n  ")}`);
  else
    for (const r of results)
      if (r.misses.length)
        console.log(
          `${r.name} misses, e.g.: ${r.misses
            .slice(0, 2)
            .map((m) => m.split("  →")[0])
            .join(" | ")}`,
        );
  console.log("");
  return Object.fromEntries(results.map((r) => [r.name, r.exact]));
});
const speeds = throughputs();
console.log(
  [
    "addresses/s".padEnd(16),
    ...Object.keys(libraries).map((name) => Math.round(speeds[name]!).toLocaleString("en-US").padStart(14)),
  ].join(""),
  " (every set, CPU time)",
);

// A 1,000-address batch through the normalize endpoint (the embedded service's handler, JSON in and out).
const database = await openDatabase({ dataDir: "memory://" });
const handler = createSandboxHandler({ token: "bench", db: async () => database.db });
const requests = Array.from({ length: 1000 }, (_, i) => {
  const { expected } = cases[i % cases.length]!;
  return {
    street: cases[i % cases.length]!.input.split(",")[0]!,
    city: expected.city || "Phoenix",
    state: expected.state || "AZ",
    zip: expected.zip || "85008",
    requestId: i,
  };
});
const body = JSON.stringify({ requests });
const cpuTimes: number[] = [];
const batch = async () => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const response = await handler(
    new Request("http://bench/address/normalize", { method: "POST", headers: { Authorization: "bench" }, body }),
  );
  await response.json();
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  return performance.now() - start;
};
await batch(); // warm: builds the data set once
cpuTimes.length = 0;
const times = [];
for (let i = 0; i < 10; i++) times.push(await batch());
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
console.log(
  `\n1,000-address batch through /address/normalize: p50 ${times[5]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms (CPU time p50 ${cpuTimes[5]!.toFixed(1)} ms)`,
);
await database.close();
record("addresses", {
  ...Object.fromEntries(
    sets.flatMap((set, i) => [
      [`${set.name} addresses`, set.cases.length],
      ...Object.keys(libraries).map((library) => [`${set.name} exactly right: ${library}`, pct(scores[i]![library]!)]),
    ]),
  ),
  "lib/address addresses per second": Math.round(speeds["lib/address"]!),
  "parse-address addresses per second": Math.round(speeds["parse-address"]!),
  "1,000-address batch p50 (ms)": times[5]!.toFixed(1),
  "1,000-address batch CPU p50 (ms)": cpuTimes[5]!.toFixed(1),
});
