/**
 * `npm run bench:webhooks`, second part: the delivery engine alone, in this process on the embedded defaults (PGlite in
 * a fresh folder, the app's own job engine): 10,000 events emitted by `emitEvents` (as a refresh or a lead does) at a
 * steady BENCH_WEBHOOK_RATE a second (250), delivered to a local receiver answering in 20 ms. bench/webhooks.ts
 * measures the same through the API, where the events come as signed-in requests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { goals, record } from "./record";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 250);
// Events are emitted every TICK_MS, as many as the rate gives, in one call (one insert, one queueing).
const TICK_MS = 20;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

const dataDir = mkdtempSync(join(tmpdir(), "bench-webhooks-"));
// Before lib/env is read: the embedded defaults in a folder of this run's own, the receiver on 127.0.0.1.
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  REDIS_URL: "",
  PROPERTY_API_BASE_URL: "",
  WEBHOOKS_ALLOW_PRIVATE: "true",
});
// The app's log says a line per job: only warnings here, so the figures stand out.
(await import("@/lib/log")).log.level = "warn";
const { getDatabase } = await import("@/lib/db");
const { webhookEndpoints } = await import("@/lib/db/schema");
const { jobs } = await import("@/lib/jobs");
const { emitEvents } = await import("@/lib/webhooks/events");
const { newSecret, sealSecret } = await import("@/lib/webhooks/secrets");
const { eq } = await import("drizzle-orm");

const received = new Map<number, number>();
let duplicates = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const seq = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { id: number } }).data.id;
    if (received.has(seq)) duplicates++;
    else received.set(seq, performance.now());
    setTimeout(() => response.writeHead(200).end("ok"), 20);
  });
});
const port = await new Promise<number>((resolve) =>
  receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port)),
);

try {
  const { db } = await getDatabase();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url: `http://127.0.0.1:${port}/hooks`, events: ["lead.created"], secretSealed: "" })
    .returning();
  await db
    .update(webhookEndpoints)
    .set({ secretSealed: sealSecret(endpoint!.id, newSecret()) })
    .where(eq(webhookEndpoints.id, endpoint!.id));
  await jobs();
  const lead = (seq: number) => ({
    type: "lead.created" as const,
    data: { id: seq, kind: "quote", status: "new", source: "dashboard" },
  });
  // A warm-up.
  await emitEvents(Array.from({ length: 20 }, (_, i) => lead(-1 - i)));
  while (received.size < 20) await new Promise((resolve) => setTimeout(resolve, 50));
  received.clear();

  const sentAt: number[] = [];
  const start = performance.now();
  for (let sent = 0; sent < EVENTS;) {
    const due = Math.min(EVENTS, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
    if (due > sent) {
      const now = performance.now();
      const batch = Array.from({ length: due - sent }, (_, i) => lead(sent + i));
      for (let i = sent; i < due; i++) sentAt[i] = now;
      sent = due;
      await emitEvents(batch);
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const deadline = performance.now() + 120_000;
  while (received.size < EVENTS && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const latencies = [...received].map(([seq, at]) => at - sentAt[seq]!);
  const perSecond = received.size / ((Math.max(...received.values()) - start) / 1000);
  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  console.log(
    `\nWebhooks, the delivery engine alone: ${EVENTS.toLocaleString("en-US")} events at ${RATE}/s, receiver answering in 20 ms\n`,
  );
  console.log(
    `delivered                      ${received.size.toLocaleString("en-US")} of ${EVENTS.toLocaleString("en-US")} (${duplicates} sent twice)`,
  );
  console.log(`deliveries per second          ${perSecond.toFixed(0)}`);
  console.log(`event → receipt                p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`);
  record("webhooks, the delivery engine (10,000 events)", {
    "deliveries per second": perSecond.toFixed(0),
    "event → receipt p50 / p99 (ms)": `${p50.toFixed(0)} / ${p99.toFixed(0)}`,
  });
  goals("webhooks, the delivery engine", [
    {
      goal: "every event delivered once",
      measured: `${received.size} of ${EVENTS}, ${duplicates} twice`,
      met: received.size === EVENTS && duplicates === 0,
    },
    { goal: "at least 200 deliveries per second", measured: `${perSecond.toFixed(0)}/s`, met: perSecond >= 200 },
    { goal: "p99 from event to receipt at most 2 s", measured: `${p99.toFixed(0)} ms`, met: p99 <= 2_000 },
  ]);
} finally {
  receiver.close();
  await (await jobs()).stop();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
process.exit(process.exitCode ?? 0);
