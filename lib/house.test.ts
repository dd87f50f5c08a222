import { describe, expect, it } from "vitest";
import { importGraph } from "./testing/import-graph";

/** The import circles of a graph, each as the modules around it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/**
 * lib/'s floors, the top one first: a module imports from its own floor or the ones under it, never from one above,
 * so what sits low can be read, tested and changed without the floors over it. Each entry is a folder of lib/ or a
 * file at its top; every module of lib/ belongs to one, so a new folder has to be placed. The services reach the job
 * engine, which runs them, only by `await import("@/lib/jobs")` when they need it (not an arrow here: the test reads
 * the static imports and re-exports only).
 */
const FLOORS: readonly (readonly string[])[] = [
  // The glue and the entry points: route handlers' helpers, the browser's hooks, the jobs, the tests' helpers.
  ["lib/api", "lib/client", "lib/jobs", "lib/testing", "lib/dev-warm-up.ts"],
  // The use-cases.
  ["lib/services"],
  // The systems the use-cases drive: the sandbox property API, the webhooks (their events, queue and signed posts).
  ["lib/sandbox", "lib/webhooks"],
  // What is sent or printed: the report, the mail.
  ["lib/mail", "lib/report"],
  ["lib/i18n"],
  ["lib/auth", "lib/rate-limit"],
  ["lib/cache"],
  ["lib/observability", "lib/shutdown.ts"],
  ["lib/leads", "lib/portfolio"],
  ["lib/db", "lib/format", "lib/log.ts", "lib/security"],
  // Pure code and configuration: nothing of lib/ under them but each other.
  [
    "lib/address",
    "lib/env",
    "lib/errors",
    "lib/finance",
    "lib/log-errors.ts",
    "lib/pdf",
    "lib/property-api",
    "lib/startup.ts",
  ],
];

/** The entry of FLOORS a module of lib/ belongs to: its folder under lib/, or itself when it sits at lib/'s top. */
const placeOf = (module: string) => module.split("/").slice(0, 2).join("/");

const floorOf = new Map(FLOORS.flatMap((entries, floor) => entries.map((entry) => [entry, floor] as const)));

describe("the house", () => {
  it("has no import circle in lib/ (type imports too: they tie the modules as much)", () => {
    expect(circles(importGraph(process.cwd(), "lib"))).toEqual([]);
  });

  it("has no import circle in components/", () => {
    expect(circles(importGraph(process.cwd(), "components"))).toEqual([]);
  });

  it("places every module of lib/ on a floor, and every floor's entry is in lib/", () => {
    const modules = [...importGraph(process.cwd(), "lib").keys()];
    expect(modules.filter((module) => !floorOf.has(placeOf(module)))).toEqual([]);
    expect([...floorOf.keys()].filter((entry) => !modules.some((module) => placeOf(module) === entry))).toEqual([]);
  });

  it("has no import in lib/ from a floor to a higher one (type imports too)", () => {
    const floorName = (module: string) => `floor ${floorOf.get(placeOf(module))! + 1} ${placeOf(module)}`;
    const arrowsUp = [...importGraph(process.cwd(), "lib")].flatMap(([from, targets]) =>
      targets
        .filter((to) => floorOf.get(placeOf(to))! < floorOf.get(placeOf(from))!)
        .map((to) => `${from} -> ${to} (${floorName(from)} -> ${floorName(to)})`),
    );
    expect([...new Set(arrowsUp)]).toEqual([]);
  });
});
