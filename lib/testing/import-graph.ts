import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Every TypeScript module of some folders (tests aside) and the modules of those folders it imports or re-exports
 * (type imports too), by path from `root`. `dynamic` adds what it loads with `import("…")`.
 */
export function importGraph(
  root: string,
  folders: string | readonly string[],
  { dynamic = false }: { dynamic?: boolean } = {},
): Map<string, string[]> {
  const within = (typeof folders === "string" ? [folders] : folders).map((folder) => join(root, folder));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) files.push(path);
    }
  };
  within.forEach(walk);
  const resolveFile = (base: string) =>
    [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const specs = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)].map(([, spec]) => spec!);
    if (dynamic) specs.push(...[...source.matchAll(/\bimport\("([^"]+)"\)/g)].map(([, spec]) => spec!));
    const targets = specs.flatMap((spec) => {
      const base = spec.startsWith("@/")
        ? join(root, spec.slice(2))
        : spec.startsWith(".")
          ? resolve(dirname(file), spec)
          : undefined;
      const target = base && resolveFile(base);
      return target && within.some((folder) => target.startsWith(`${folder}/`)) ? [relative(root, target)] : [];
    });
    graph.set(relative(root, file), targets);
  }
  return graph;
}
