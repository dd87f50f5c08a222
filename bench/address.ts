/**
 * `npm run bench:address`: how well and how fast addresses are standardized, next to the `parse-address` and
 * `addresser` packages on the same labelled set in the same process, and a 1,000-address batch through the embedded
 * service's normalize endpoint.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import addresser from "addresser";
import parseAddressPackage from "parse-address";
import { isCity, parseAddress } from "@/lib/address";
import { openDatabase } from "@/lib/db/client";
import { createSandboxHandler } from "@/lib/sandbox";
import type { Expected } from "../scripts/build-address-benchmark";
import { record } from "./record";

interface Case {
  source: string;
  input: string;
  expected: Expected;
}

const cases = JSON.parse(readFileSync(new URL("./data/addresses.json", import.meta.url), "utf8")) as Case[];
const FIELDS = ["number", "preDirectional", "name", "suffix", "postDirectional", "unitType", "unitNumber", "city", "state", "zip", "zip4"] as const;
type Parsed = Record<(typeof FIELDS)[number], string>;

const clean = (value: unknown) => String(value ?? "").toUpperCase().replace(/\./g, "").replace(/\s+/g, " ").trim();

const libraries: Record<string, (input: string) => Parsed> = {
  "lib/address": (input) => parseAddress(input, { isCity }),
  "parse-address": (input) => {
    const p = (parseAddressPackage.parseLocation(input) ?? {}) as Record<string, string | undefined>;
    return {
      number: p.number ?? "", preDirectional: p.prefix ?? "", name: p.street ?? (p.sec_unit_type?.toUpperCase().includes("BOX") ? "PO BOX" : ""), suffix: p.type ?? "",
      postDirectional: p.suffix ?? "", unitType: p.sec_unit_type ?? "", unitNumber: p.sec_unit_num ?? "", city: p.city ?? "", state: p.state ?? "", zip: p.zip ?? "", zip4: p.plus4 ?? "",
    };
  },
  addresser: (input) => {
    try {
      const a = addresser.parseAddress(input) as Record<string, string | undefined>;
      const [unitType = "", ...unitRest] = (a.addressLine2 ?? "").replace("#", " # ").trim().split(/\s+/);
      return {
        number: a.streetNumber ?? "", preDirectional: "", name: a.streetName ?? "", suffix: a.streetSuffix ?? "", postDirectional: "",
        unitType, unitNumber: unitRest.filter((t) => t !== "#").join(" "), city: a.placeName ?? "", state: a.stateAbbreviation ?? "",
        zip: a.zipCode ?? "", zip4: a.zipCodePlusFour?.split("-")[1] ?? "",
      };
    } catch {
      return Object.fromEntries(FIELDS.map((f) => [f, ""])) as Parsed;
    }
  },
};

function accuracy(parse: (input: string) => Parsed) {
  const fieldHits = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<(typeof FIELDS)[number], number>;
  let exact = 0;
  const misses: string[] = [];
  for (const { input, expected } of cases) {
    const parsed = parse(input);
    let all = true;
    for (const field of FIELDS) {
      if (clean(parsed[field]) === clean(expected[field])) fieldHits[field]++;
      else all = false;
    }
    if (all) exact++;
    else if (misses.length < 5) misses.push(input);
  }
  return { exact: exact / cases.length, fieldHits, misses };
}

function throughput(parse: (input: string) => Parsed): number {
  const rounds = 20;
  const start = performance.now();
  for (let r = 0; r < rounds; r++) for (const { input } of cases) parse(input);
  return (rounds * cases.length) / ((performance.now() - start) / 1000);
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
console.log(`Labelled set: ${cases.length} addresses (${cases.filter((c) => c.source === "data set").length} messy data-set spellings, ${cases.filter((c) => c.source !== "data set").length} Publication 28 kinds)\n`);
const results = Object.entries(libraries).map(([name, parse]) => ({ name, ...accuracy(parse), perSecond: throughput(parse) }));
console.log(["field".padEnd(16), ...results.map((r) => r.name.padStart(14))].join(""));
for (const field of FIELDS) console.log([field.padEnd(16), ...results.map((r) => pct(r.fieldHits[field] / cases.length).padStart(14))].join(""));
console.log(["all fields exact".padEnd(16), ...results.map((r) => pct(r.exact).padStart(14))].join(""));
console.log(["addresses/s".padEnd(16), ...results.map((r) => Math.round(r.perSecond).toLocaleString("en-US").padStart(14))].join(""));
for (const r of results) if (r.misses.length) console.log(`\n${r.name} misses, e.g.: ${r.misses.slice(0, 3).join(" | ")}`);

// A 1,000-address batch through the normalize endpoint (the embedded service's handler, JSON in and out).
const database = await openDatabase({ dataDir: "memory://" });
const handler = createSandboxHandler({ token: "bench", db: async () => database.db });
const requests = Array.from({ length: 1000 }, (_, i) => {
  const { expected } = cases[i % cases.length]!;
  return { street: cases[i % cases.length]!.input.split(",")[0]!, city: expected.city || "Phoenix", state: expected.state || "AZ", zip: expected.zip || "85008", requestId: i };
});
const body = JSON.stringify({ requests });
const batch = async () => {
  const start = performance.now();
  const response = await handler(new Request("http://bench/address/normalize", { method: "POST", headers: { Authorization: "bench" }, body }));
  await response.json();
  return performance.now() - start;
};
await batch(); // warm: builds the data set once
const times = [];
for (let i = 0; i < 10; i++) times.push(await batch());
times.sort((a, b) => a - b);
console.log(`\n1,000-address batch through /address/normalize: p50 ${times[5]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`);
await database.close();
const ours = results.find((r) => r.name === "lib/address")!;
record("addresses", {
  "labelled addresses": cases.length,
  "exactly right: lib/address": pct(ours.exact),
  "exactly right: parse-address": pct(results.find((r) => r.name === "parse-address")!.exact),
  "exactly right: addresser": pct(results.find((r) => r.name === "addresser")!.exact),
  "lib/address addresses per second": Math.round(ours.perSecond),
  "1,000-address batch p50 (ms)": times[5]!.toFixed(1),
});
