// Adds up the JSON reports of Vitest and Playwright into one closing line, "N passed, N failed, N skipped, N flaky",
// then names each skipped test with its reason and each journey that passed only on its retry. A flaky journey fails
// the run. With --services (a run against PostgreSQL and Redis), a skip is expected only when the same test ran in
// another pass (the embedded pass skips the services' variants, which the services passes run) or is on
// tests/allowed-skips.json with its reason; any other skip fails the run, since a test that vanishes from a green run
// is a test nobody ran.
import { existsSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

const ALLOWED = "tests/allowed-skips.json";
const args = process.argv.slice(2);
const services = args.includes("--services");
const files = args.filter((arg) => !arg.startsWith("--") && existsSync(arg));
const allowed = JSON.parse(readFileSync(new URL(`../${ALLOWED}`, import.meta.url), "utf8"));

let passed = 0;
let failed = 0;
let skippedCount = 0;
/** Each skipped test: its file and name (a test's identity across passes), and the pass that skipped it. */
const skipped = [];
/** The tests each pass ran, by identity, to tell a skip covered by another pass from one nobody ran. */
const ran = new Map();
const flaky = [];
const id = (file, name) => `${file} > ${name}`;
const ranIn = (key, pass) => ran.set(key, [...(ran.get(key) ?? []), pass]);

/** Vitest's report: files with their tests, each with the titles of its suites. */
function vitest(report, pass) {
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skippedCount += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    const file = relative(process.cwd(), result.name);
    for (const test of result.assertionResults) {
      const name = [...test.ancestorTitles.filter((title) => title !== file), test.title].join(" > ");
      if (test.status === "passed" || test.status === "failed") ranIn(id(file, name), pass);
      else skipped.push({ file, name, pass });
    }
  }
}

/** Playwright's report: suites of specs, each spec's test per project with its status and the results of its tries. */
function playwright(report, pass) {
  passed += report.stats.expected;
  failed += report.stats.unexpected;
  skippedCount += report.stats.skipped;
  const dir = report.config?.rootDir ? relative(process.cwd(), report.config.rootDir) : "";
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const file = join(dir, spec.file);
      for (const test of spec.tests) {
        const name = [...titles, spec.title].join(" > ") + ` [${test.projectName}]`;
        if (test.status === "skipped") {
          const note = test.annotations?.find(
            (annotation) => annotation.type === "skip" || annotation.type === "fixme",
          )?.description;
          skipped.push({ file, name, pass, note });
        } else ranIn(id(file, name), pass);
        if (test.status === "flaky") flaky.push({ file, name, tries: test.results.length });
      }
    }
    // The file's own suite is named after the file: only the describes inside it are titles.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

for (const file of files) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const pass = basename(file, ".json");
  if ("numPassedTests" in report) vitest(report, pass);
  else if (report.stats) playwright(report, pass);
}

/** Why a test was skipped, and whether that is expected of this run. */
function reason({ file, name, pass, note }) {
  const entry = allowed.find((allow) => allow.file === file && allow.test === name);
  if (entry) return { why: `allowed: ${entry.reason}`, expected: true };
  const others = (ran.get(id(file, name)) ?? []).filter((other) => other !== pass);
  if (others.length) return { why: `ran in ${others.join(", ")}`, expected: true };
  if (note) return { why: note, expected: !services };
  if (!services)
    return { why: "skipped by its own condition, in a run without both PostgreSQL and Redis", expected: true };
  return { why: `ran in no pass, and is not on ${ALLOWED}`, expected: false };
}

console.log(`\n${passed} passed, ${failed} failed, ${skippedCount} skipped, ${flaky.length} flaky`);
const reasons = skipped.map((skip) => ({ ...skip, ...reason(skip) }));
const unexpected = reasons.filter((skip) => !skip.expected);
for (const skip of reasons)
  console.log(
    `  skipped${skip.expected ? "" : " (unexpected)"}: ${id(skip.file, skip.name)} (${skip.pass}): ${skip.why}`,
  );
for (const journey of flaky)
  console.log(`  flaky: ${id(journey.file, journey.name)}: passed only on try ${journey.tries}`);
if (unexpected.length)
  console.log(`${unexpected.length} unexpected skipped: run them, or add them to ${ALLOWED} with the reason.`);
if (flaky.length) console.log(`${flaky.length} flaky: a journey that needs its retry fails the run.`);
process.exit(failed > 0 || passed === 0 || flaky.length > 0 || unexpected.length > 0 ? 1 : 0);
