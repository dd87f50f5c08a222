/** The one table `npm run bench` ends with: every benchmark's headline figures from this run. */
import { readFileSync, rmSync } from "node:fs";

const all = JSON.parse(readFileSync("reports/bench.json", "utf8")) as Record<string, Record<string, string | number>>;
console.log("\n══ Benchmark summary ══\n");
for (const [bench, figures] of Object.entries(all)) {
  console.log(bench);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(52)}${String(value).padStart(16)}`);
}
rmSync("reports/bench.json");
