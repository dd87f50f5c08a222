import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const FILE = "reports/bench.json";

/** Keeps a benchmark's headline figures for the summary table `npm run bench` prints at the end. */
export function record(bench: string, figures: Record<string, string | number>) {
  mkdirSync("reports", { recursive: true });
  let all: Record<string, Record<string, string | number>> = {};
  try {
    all = JSON.parse(readFileSync(FILE, "utf8"));
  } catch {
    // first benchmark of the run
  }
  all[bench] = figures;
  writeFileSync(FILE, JSON.stringify(all, null, 2));
}
