import http from "node:http";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
  /** Answers other than 2xx, connection errors and timeouts. */
  failures: number;
  timeouts: number;
  /** Per kind of request (method and path without its query): answers, p99, slowest, failures. */
  byKind: Record<string, { requests: number; p99: number; max: number; failures: number }>;
}

const kindOf = (request: LoadRequest) => `${request.method} ${request.path.split("?")[0]}`;

/**
 * `connections` clients, each on its own keep-alive connection, each sending its next request as soon as the last
 * one is answered, for `seconds`; clients walk the mix from different starting points.
 *
 * Why not autocannon here: on this 2-core machine, with the server saturated, autocannon's client is slow to get its
 * own connections going (against a plain Node server doing 0.8 ms of work a request, 47 of 200 autocannon connections
 * had no answer after 12 s, while this client, at the same request rate, had every answer within 1 s). Its start-up
 * then shows up as 30-second "timeouts" that are not the server's. The API benchmark (bench/api.ts) keeps autocannon.
 *
 * `rampSeconds`: a Node server already saturated takes on a burst of new connections one at a time, one per round of
 * the busy ones (200 connections opened at once to this app's trivial `/api/health`, or to a plain Node server doing
 * 1.6 ms of work a request, get their first answers over 10 to 20 s, one every ~0.35 s; every later request on them is
 * answered in under a second). That is the burst, not the app's steady state; the clients connect during the ramp,
 * whose answers are not counted.
 */
export async function closedLoop({
  url,
  connections,
  seconds,
  requests,
  timeoutMs = 30_000,
  rampSeconds = 0,
}: {
  url: string;
  connections: number;
  seconds: number;
  requests: LoadRequest[];
  timeoutMs?: number;
  /** Seconds the clients run, connected, before anything is counted (see above). */
  rampSeconds?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const kinds = new Map<string, { latencies: number[]; failures: number }>();
  const kind = (request: LoadRequest) => {
    const name = kindOf(request);
    if (!kinds.has(name)) kinds.set(name, { latencies: [], failures: 0 });
    return kinds.get(name)!;
  };
  const statuses: Record<number, number> = {};
  let errors = 0;
  let timeouts = 0;
  const started = performance.now() + rampSeconds * 1000;
  const end = started + seconds * 1000;

  const send = (request: LoadRequest) =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      // Requests sent during the ramp are answered but not counted.
      const counted = t >= started;
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: request.path,
          method: request.method,
          headers: request.headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (!counted) return resolve();
            latencies.push(performance.now() - t);
            kind(request).latencies.push(performance.now() - t);
            if (res.statusCode! >= 300) kind(request).failures++;
            statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
            resolve();
          });
          res.on("error", () => (counted && errors++, resolve()));
        },
      );
      let timedOut = false;
      req.setTimeout(timeoutMs, () => {
        timedOut = true;
        if (counted) {
          timeouts++;
          kind(request).failures++;
        }
        req.destroy();
        resolve();
      });
      req.on("error", () => {
        // A timeout destroys the request, which then errs: it is counted once, as a timeout.
        if (!timedOut && counted) {
          errors++;
          kind(request).failures++;
        }
        resolve();
      });
      req.end(request.body);
    });

  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      for (let i = client; performance.now() < end; i++) await send(requests[i % requests.length]!);
    }),
  );
  agent.destroy();

  const elapsed = (performance.now() - Math.max(started, 0)) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const ok = Object.entries(statuses).reduce((sum, [status, count]) => sum + (Number(status) < 300 ? count : 0), 0);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    statuses,
    failures: latencies.length - ok + errors + timeouts,
    timeouts,
    byKind: Object.fromEntries(
      [...kinds].map(([name, { latencies: times, failures }]) => {
        times.sort((a, b) => a - b);
        const p99 = Math.round(times[Math.min(times.length - 1, Math.floor(0.99 * times.length))] ?? 0);
        return [name, { requests: times.length, p99, max: Math.round(times.at(-1) ?? 0), failures }];
      }),
    ),
  };
}
