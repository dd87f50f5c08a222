/**
 * Paired, interleaved: the same signed-in pages on two builds (this checkout's and `BENCH_BASELINE_DIR`'s), each on
 * its embedded defaults, requested one at a time in alternating rounds. Prints each page's median time per view for
 * both. Used to decide whether a change of the app's folders (route groups, layouts) is worth it.
 */
import { performance } from "node:perf_hooks";
import { signIn } from "../tests/integration/client";
import { startApp } from "./app";

const BASE = process.env.BENCH_BASELINE_DIR;
if (!BASE) throw new Error("BENCH_BASELINE_DIR=<a built checkout> is required");
const PATHS = (process.env.BENCH_PATHS ?? "/account,/onboarding,/login").split(",");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 40);

const here = await startApp(3481);
const base = await startApp(3482, BASE);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const sides = [
    { name: "this build", app: here.app, times: {} as Record<string, number[]> },
    { name: "baseline", app: base.app, times: {} as Record<string, number[]> },
  ];
  const cookies = await Promise.all(sides.map((side) => signIn(side.app, "homeowner@example.com", "homeowner-demo")));
  for (let round = 0; round < ROUNDS; round++)
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const cookie = cookies[sides.indexOf(side)]!;
      for (const path of PATHS) {
        const start = performance.now();
        for (let n = 0; n < PER_ROUND; n++)
          await (await fetch(`${side.app.url}${path}`, { headers: { Cookie: cookie } })).arrayBuffer();
        (side.times[path] ??= []).push((performance.now() - start) / PER_ROUND);
      }
    }
  console.log(`\n${ROUNDS} rounds of ${PER_ROUND} views each, alternating; median ms per view\n`);
  console.log(`${"".padEnd(16)}${sides.map((s) => s.name.padStart(14)).join("")}${"ratio".padStart(10)}`);
  for (const path of PATHS) {
    const [a, b] = sides.map((s) => median(s.times[path]!));
    console.log(
      `${path.padEnd(16)}${a!.toFixed(2).padStart(14)}${b!.toFixed(2).padStart(14)}${(a! / b!).toFixed(3).padStart(10)}`,
    );
  }
} finally {
  here.stop();
  base.stop();
}
