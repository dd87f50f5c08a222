import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** Every TypeScript module of lib/ (tests aside) and the modules of lib/ it imports or re-exports (type imports too). */
function importGraph(root: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(join(root, "lib"));
  const resolveFile = (base: string) =>
    [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const targets = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)]
      .map(([, spec]) => spec!)
      .flatMap((spec) => {
        const base = spec.startsWith("@/") ? join(root, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(file), spec) : undefined;
        const target = base && resolveFile(base);
        return target && target.startsWith(join(root, "lib")) ? [relative(root, target)] : [];
      });
    graph.set(relative(root, file), targets);
  }
  return graph;
}

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

describe("the house", () => {
  it("has no import circle in lib/ (type imports too: they tie the modules as much)", () => {
    expect(circles(importGraph(process.cwd()))).toEqual([]);
  });
});
