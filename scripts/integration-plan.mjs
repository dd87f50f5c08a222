// Where each integration file runs: read from the table under "### Where each integration file runs" in
// docs/development.md, the one place that says it (with why). `node scripts/integration-plan.mjs embedded|services`
// prints the files of that pass, one per line, for scripts/test-all.sh; lib/testing/integration-plan.test.ts fails
// when a file of tests/integration/ is in no row, in two, or a row names a file that is not there.
//
// A row's "runs" is one of:
// - once: the embedded pass only (its shared `http` app is on PostgreSQL and Redis when they are there, so a file that
//   checks both shared apps covers both storages in that one pass);
// - services: the services pass (PostgreSQL and Redis), or the embedded pass when the run has no services, so its
//   parts that need none still run;
// - both: each pass, since its behaviour differs with the storage.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const PLAN_DOC = "docs/development.md";
export const PLAN_HEADING = "### Where each integration file runs";
export const RUNS = ["once", "services", "both"];

/** The table's rows: `{ file, runs, why }`, `file` as written (a path under tests/integration/). */
export function readPlan(markdown = readFileSync(new URL(`../${PLAN_DOC}`, import.meta.url), "utf8")) {
  const start = markdown.indexOf(`\n${PLAN_HEADING}\n`);
  if (start < 0) throw new Error(`${PLAN_DOC} has no heading "${PLAN_HEADING}"`);
  const rows = [];
  let inTable = false;
  for (const line of markdown.slice(start + PLAN_HEADING.length + 2).split("\n")) {
    if (!line.startsWith("|")) {
      if (inTable) break;
      if (line.startsWith("#")) break;
      continue;
    }
    inTable = true;
    const cells = line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim());
    if (cells[0] === "file" || /^-+$/.test(cells[0] ?? "")) continue;
    const [file = "", runs = "", why = ""] = cells;
    rows.push({ file: file.replace(/^`|`$/g, ""), runs: runs.replace(/^`|`$/g, ""), why });
  }
  return rows;
}

/**
 * The files of one pass. `services`: whether the run has a services pass (DATABASE_URL or REDIS_URL set); without one,
 * the embedded pass takes every file.
 */
export function filesOf(pass, rows, services) {
  const take = {
    embedded: services ? ["once", "both"] : RUNS,
    services: services ? ["services", "both"] : [],
  }[pass];
  if (!take) throw new Error(`no pass "${pass}": embedded or services`);
  return rows.filter((row) => take.includes(row.runs)).map((row) => `tests/integration/${row.file}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const services = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);
  for (const file of filesOf(process.argv[2], readPlan(), services)) console.log(file);
}
