/**
 * `npm run bench:clients`: the client portfolio at 2,000 clients, on the built app (run `npm run build` first) on its
 * embedded defaults. Imports 2,000 data-set clients as the demo officer (standardized and stored), imports the same
 * file again (every address cached: all merge), then times `/clients` for that officer: its first page, a page deep in
 * the list by name, and a search.
 */
import { performance } from "node:perf_hooks";
import { oneLine, standardize } from "@/lib/address";
import { getDataset } from "@/lib/sandbox/dataset";
import { peopleOf } from "@/lib/sandbox/verify";
import { signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { goals, record } from "./record";

const CLIENTS = 2_000;
const PAGE_RUNS = Number(process.env.BENCH_RUNS ?? 40);
const { app, stop } = await startApp(Number(process.env.BENCH_PORT ?? 3459));
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const titleCase = (word: string) => word.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (c) => c.toUpperCase());
const TYPES: Record<string, string> = { CONVENTIONAL: "conventional", FHA: "fha", VA: "va" };
const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;

try {
  const officer = await signIn(app, "officer@example.com", "officer-demo");
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const get = async (path: string, cookie: string) => {
    const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response;
  };
  const normalized = async () =>
    ((await (await get("/api/admin/usage", admin)).json()) as { embeddedService: Record<string, number> })
      .embeddedService.normalizeAddresses ?? 0;

  // Data-set homes with a person on the deed, skipping the demo portfolio's (those would merge, not be added).
  const demo = ((await (await get("/api/clients?size=500", officer)).json()) as { clients: { address: string }[] })
    .clients;
  const taken = new Set(demo.map((c) => standardize(c.address).key));
  const rows = getDataset()
    .properties.filter((p) => peopleOf(p).length > 0)
    .map((p) => ({ property: p, address: oneLine({ ...p.address, zip4: "" }) }))
    .filter(({ address }) => !taken.has(standardize(address).key))
    .slice(0, CLIENTS)
    .map(({ property, address }, i) => {
      const person = peopleOf(property)[0]!;
      const loan = property.loans[0];
      const name = `${titleCase(person.first)} ${titleCase(person.last)}`;
      const known = loan
        ? [Math.round(loan.balance), loan.rate, TYPES[loan.type] ?? "other", loan.originationDate]
        : ["", "", "", ""];
      return [cell(name), `client${i}@example.com`, cell(address), ...known].join(",");
    });
  if (rows.length < CLIENTS) throw new Error(`the data set has only ${rows.length} homes with a person on the deed`);
  const csv = ["name,email,address,balance,rate,type,closing date", ...rows].join("\n");

  const importOnce = async () => {
    const before = await normalized();
    const start = performance.now();
    const response = await fetch(`${app.url}/api/clients/import`, {
      method: "POST",
      headers: { Cookie: officer, "Content-Type": "application/json" },
      body: JSON.stringify({ csv }),
    });
    const answer = (await response.json()) as { created: number; merged: number; errors: unknown[] };
    const ms = performance.now() - start;
    if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(answer)}`);
    return { ms, ...answer, normalized: (await normalized()) - before };
  };
  const first = await importOnce();
  const again = await importOnce();

  // /clients: the server's time to the whole HTML, on loopback, one request at a time after a warm-up.
  const timed = async (path: string) => {
    for (let i = 0; i < 5; i++) await (await get(path, officer)).text();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < PAGE_RUNS; i++) {
      const start = performance.now();
      bytes = (await (await get(path, officer)).arrayBuffer()).byteLength;
      times.push(performance.now() - start);
    }
    return { path, p50: quantile(times, 0.5), p95: quantile(times, 0.95), kb: Math.round(bytes / 1024) };
  };
  const pages = [await timed("/clients"), await timed("/clients?sort=name&page=30"), await timed("/clients?q=ave+ga")];
  const { p50, p95 } = pages[0]!;

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `\nClient portfolio, ${CLIENTS.toLocaleString("en-US")} data-set clients (the demo officer also has ${demo.length})\n`,
  );
  console.log(
    `${"".padEnd(40)}${"time".padStart(10)}${"added".padStart(8)}${"merged".padStart(8)}${"errors".padStart(8)}${"normalized".padStart(12)}`,
  );
  for (const [name, run] of [
    ["import (standardized and stored)", first],
    ["the same file again (cached, merges)", again],
  ] as const)
    console.log(
      `${name.padEnd(40)}${s(run.ms).padStart(10)}${String(run.created).padStart(8)}${String(run.merged).padStart(8)}${String(run.errors.length).padStart(8)}${String(run.normalized).padStart(12)}`,
    );
  console.log(
    `\n/clients for ${(CLIENTS + demo.length).toLocaleString("en-US")} clients, 50 a page, ${PAGE_RUNS} requests one at a time:`,
  );
  for (const page of pages)
    console.log(
      `${page.path.padEnd(40)}p50 ${page.p50.toFixed(0).padStart(4)} ms   p95 ${page.p95.toFixed(0).padStart(4)} ms   ${String(page.kb).padStart(4)} KB of HTML`,
    );
  record("client portfolio (2,000 clients)", {
    "import 2,000 (s)": (first.ms / 1000).toFixed(2),
    "re-import, every address cached (s)": (again.ms / 1000).toFixed(2),
    "/clients server time p50 / p95 (ms)": `${p50.toFixed(0)} / ${p95.toFixed(0)}`,
    "/clients page 30 by name, a search: p50 (ms)": pages
      .slice(1)
      .map((page) => page.p50.toFixed(0))
      .join(" / "),
    "/clients HTML (KB)": String(pages[0]!.kb),
  });
  goals("client portfolio", [
    { goal: "2,000 clients standardized and stored in under 10 s", measured: s(first.ms), met: first.ms < 10_000 },
    {
      goal: "every row stored (2,000 added, no row errors)",
      measured: `${first.created} added, ${first.errors.length} errors`,
      met: first.created === CLIENTS && first.errors.length === 0,
    },
    {
      goal: "a re-import merges every row, no address sent again",
      measured: `${again.merged} merged, ${again.normalized} sent`,
      met: again.merged === CLIENTS && again.created === 0 && again.normalized === 0,
    },
    ...pages.map((page) => ({
      goal: `${page.path} server time under 200 ms (median)`,
      measured: `${page.p50.toFixed(0)} ms (p95 ${page.p95.toFixed(0)})`,
      met: page.p50 < 200,
    })),
  ]);
} finally {
  stop();
}
