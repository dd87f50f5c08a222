/**
 * `npm run bench:webhooks`: 10,000 events delivered to a local receiver answering in 20 ms, on the built app (run `npm
 * run build` first) on its embedded defaults. Each event is an admin's "Send a test event" (the API stores the delivery
 * and queues its job, as every event does); the events come at a steady BENCH_WEBHOOK_RATE a second (250). Prints the
 * deliveries per second (first event to last receipt) and the time from an event's request to its receipt, p50/p99.
 */
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { signIn } from "../tests/integration/client";
import { startApp } from "./app";
import { goals, record } from "./record";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 250);
const IN_FLIGHT = 32;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

// The receiver listens on 127.0.0.1: the app under test allows private addresses.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
const received = new Map<string, number>();
let duplicates = 0;
const receiver = createServer((request, response) => {
  const id = String(request.headers["webhook-id"]);
  request.resume();
  request.on("end", () => {
    if (received.has(id)) duplicates++;
    else received.set(id, performance.now());
    setTimeout(() => response.writeHead(200).end("ok"), 20);
  });
});
const receiverPort = await new Promise<number>((resolve) =>
  receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port)),
);
const { app, stop } = await startApp(Number(process.env.BENCH_PORT ?? 3471));

try {
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { Cookie: admin, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const endpoint = await post("/api/admin/webhooks", {
    url: `http://127.0.0.1:${receiverPort}/hooks`,
    events: ["lead.created"],
  });
  const test = `/api/admin/webhooks/${endpoint.id as number}/test`;
  // A warm-up: the routes compiled, the job engine's workers running.
  for (let i = 0; i < 20; i++) await post(test, {});
  while (received.size < 20) await new Promise((resolve) => setTimeout(resolve, 100));
  received.clear();

  const sentAt = new Map<string, number>();
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < EVENTS) {
      const i = next++;
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = performance.now();
      const { id } = await post(test, {});
      sentAt.set(id as string, at);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const sendSeconds = (performance.now() - start) / 1000;
  const deadline = performance.now() + 120_000;
  while ([...sentAt.keys()].some((id) => !received.has(id)) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));

  const latencies = [...sentAt].flatMap(([id, at]) => (received.has(id) ? [received.get(id)! - at] : []));
  const last = Math.max(...[...sentAt.keys()].flatMap((id) => (received.has(id) ? [received.get(id)!] : [])));
  const perSecond = latencies.length / ((last - start) / 1000);
  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  console.log(`\nWebhooks: ${EVENTS.toLocaleString("en-US")} events at ${RATE}/s to a receiver answering in 20 ms\n`);
  console.log(`events sent in                 ${sendSeconds.toFixed(1)} s (${(EVENTS / sendSeconds).toFixed(0)}/s)`);
  console.log(
    `delivered                      ${latencies.length.toLocaleString("en-US")} of ${EVENTS.toLocaleString("en-US")} (${duplicates} sent twice)`,
  );
  console.log(`deliveries per second          ${perSecond.toFixed(0)}`);
  console.log(`event → receipt                p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`);
  record("webhooks (10,000 events)", {
    "deliveries per second": perSecond.toFixed(0),
    "event → receipt p50 / p99 (ms)": `${p50.toFixed(0)} / ${p99.toFixed(0)}`,
  });
  goals("webhooks", [
    { goal: "every event delivered", measured: `${latencies.length} of ${EVENTS}`, met: latencies.length === EVENTS },
    { goal: "at least 200 deliveries per second", measured: `${perSecond.toFixed(0)}/s`, met: perSecond >= 200 },
    { goal: "p99 from event to receipt at most 2 s", measured: `${p99.toFixed(0)} ms`, met: p99 <= 2_000 },
  ]);
} finally {
  stop();
  receiver.close();
}
