import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesOf, readPlan, RUNS } from "@/scripts/integration-plan.mjs";

const files = readdirSync("tests/integration").filter((name) => name.endsWith(".test.ts"));
const plan = readPlan();

describe("where each integration file runs (docs/development.md)", () => {
  it("has one row for every file of tests/integration/, and none for a file that is not there", () => {
    const named = plan.map((row) => row.file);
    expect(
      files.filter((file) => !named.includes(file)),
      "files in no row",
    ).toEqual([]);
    expect(
      named.filter((file, i) => named.indexOf(file) !== i),
      "files in two rows",
    ).toEqual([]);
    expect(
      named.filter((file) => !files.includes(file)),
      "rows naming no file",
    ).toEqual([]);
  });

  it("says of each row where it runs, and why", () => {
    for (const row of plan) {
      expect(RUNS, row.file).toContain(row.runs);
      expect(row.why.length, `${row.file}: why`).toBeGreaterThan(10);
    }
  });

  it("runs every file in some pass, with services or without", () => {
    for (const services of [true, false]) {
      const run = [...filesOf("embedded", plan, services), ...filesOf("services", plan, services)];
      expect(new Set(run).size, `services: ${services}`).toBe(files.length);
    }
    expect(filesOf("services", plan, false)).toEqual([]);
  });
});
