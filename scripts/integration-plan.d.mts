/** Types of integration-plan.mjs (the project's TypeScript does not read JavaScript). */
export interface PlanRow {
  file: string;
  runs: string;
  why: string;
}
export const PLAN_DOC: string;
export const PLAN_HEADING: string;
export const RUNS: readonly string[];
export function readPlan(markdown?: string): PlanRow[];
export function filesOf(pass: "embedded" | "services", rows: PlanRow[], services: boolean): string[];
