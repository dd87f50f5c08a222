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

/**
 * Prints each goal of a benchmark as met or missed, and makes the run fail (exit code 1) when one is missed: the
 * speed targets live here, not in timed tests.
 */
export function goals(bench: string, checks: { goal: string; measured: string; met: boolean }[]) {
  console.log(`\n${bench}: goals`);
  for (const check of checks)
    console.log(`  ${check.met ? "met   " : "MISSED"}  ${check.goal.padEnd(58)} ${check.measured}`);
  if (checks.some((check) => !check.met)) process.exitCode = 1;
}
