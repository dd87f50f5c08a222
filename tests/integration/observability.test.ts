import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInfo } from "./setup";
import { call, credentialsCallback, signIn, unique } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";

const ADDRESS = "2800 N 24th St, Phoenix, AZ 85008";

/** A span as OTLP/JSON carries it, with its attributes as a plain object. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  name: string;
  attributes: Record<string, unknown>;
  serviceName: unknown;
}
type OtlpAttribute = { key: string; value: Record<string, unknown> };
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
// OTLP/JSON writes ids as hex; accept base64 too.
const hexId = (id: string) => (/^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, "base64").toString("hex"));

/**
 * An app of its own with METRICS_TOKEN and an OTLP/HTTP endpoint: a receiver started here takes its trace exports
 * (as JSON), and its log lines (stdout) are read. The shared apps run with neither: /api/metrics is off there (the
 * matrix checks its 404) and no tracing SDK is loaded.
 */
describe("metrics and traces, on an app with METRICS_TOKEN and an OTLP endpoint", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "observability-"));
  const token = randomBytes(32).toString("hex");
  const serviceName = `homeowner-dashboard-test-${unique()}`;
  const spans: ExportedSpan[] = [];
  const exportBodies: string[] = [];
  const logLines: Record<string, unknown>[] = [];
  let receiver: Server;
  let child: ChildProcess;
  let app: AppInfo;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (request.url === "/v1/traces") {
          const body = Buffer.concat(chunks).toString("utf8");
          exportBodies.push(body);
          for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
            const serviceName = attributesOf(resourceSpans.resource?.attributes)["service.name"];
            for (const scope of resourceSpans.scopeSpans ?? [])
              for (const span of scope.spans ?? [])
                spans.push({
                  traceId: hexId(span.traceId),
                  spanId: hexId(span.spanId),
                  name: span.name,
                  attributes: attributesOf(span.attributes),
                  serviceName,
                });
          }
        }
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    const receiverPort = await freePort();
    await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    app = {
      name: "embedded",
      url,
      admin: { email: "admin@example.com", password: "admin-demo" },
      userLimitPerMinute: 1000,
      dataDir,
    };
    child = startNext(
      port,
      {
        NEXTAUTH_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PROPERTY_API_BASE_URL: "",
        // Its own cache (in the run's Redis, when there is one): the first lookup here is a miss whatever others did.
        CACHE_NAMESPACE: `observability-${unique()}`,
        RATE_LIMIT_USER_PER_MINUTE: "1000",
        METRICS_TOKEN: token,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: serviceName,
        OTEL_BSP_SCHEDULE_DELAY: "200",
      },
      "inherit",
      "pipe",
    );
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        logLines.push(JSON.parse(line));
      } catch {
        // Next.js's own banner lines
      }
    });
    await waitFor(`${url}/api/health`, child, "app");
  });

  afterAll(async () => {
    child.kill("SIGTERM");
    await exited(child);
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = () => call(app, "GET", "/api/metrics", { headers: { Authorization: `Bearer ${token}` } });
  /** Polls until `found` returns something (the batch of spans goes out every 200 ms here; jobs poll every 2 s). */
  async function eventually<T>(found: () => T | undefined, what: string, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not seen in ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  let refusedRequestId: string;
  let missRequestId: string;

  it("answers /api/metrics only with its token: 401 without it, with a wrong one, or with an admin's session", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    expect((await call(app, "GET", "/api/metrics")).status).toBe(401);
    const wrong = await call(app, "GET", "/api/metrics", {
      headers: { Authorization: `Bearer ${token.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
    refusedRequestId = wrong.headers.get("x-request-id")!;
    expect((await call(app, "GET", "/api/metrics", { cookie: admin })).status).toBe(401);
    const served = await scrape();
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  });

  it("counts what the app did, in every family, as Prometheus' text format", { timeout: 120_000 }, async () => {
    const officer = await signIn(app, "officer@example.com", "officer-demo");
    const summary = `/api/property/summary?address=${encodeURIComponent(ADDRESS)}`;
    const miss = await call(app, "GET", summary, { cookie: officer });
    expect(miss.status).toBe(200);
    missRequestId = miss.headers.get("x-request-id")!;
    expect((await call(app, "GET", summary, { cookie: officer })).status).toBe(200);
    // Wrong passwords for one email until its throttle makes the next one wait (5 free, the 7th waits).
    const stranger = `nobody-${unique()}@example.com`;
    for (let i = 0; i < 8; i++) await credentialsCallback(app, stranger, "not-the-password");
    // Three reset mails an hour per account; the fourth is refused by the limiter (the answer stays 202, as for
    // anyone).
    for (let i = 0; i < 4; i++)
      expect(
        (await call(app, "POST", "/api/account/password-reset", { body: { email: "homeowner@example.com" } })).status,
      ).toBe(202);
    const admin = await signIn(app, app.admin.email, app.admin.password);
    // The three allowed were sent (a limiter that refuses everything is no answer); the mail goes beside the answer.
    const resetMails = async () =>
      (
        await call(app, "GET", "/api/admin/outbox?kind=email&to=homeowner%40example.com", { cookie: admin })
      ).body.messages.filter((m: { subject: string }) => m.subject === "Reset your password").length;
    await expect.poll(resetMails, { timeout: 30_000, interval: 200 }).toBe(3);
    expect(
      (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "housekeeping" } })).status,
    ).toBe(202);

    const reply = await scrape();
    const text = Buffer.from(reply.body as ArrayBuffer).toString("utf8");
    const families = parsePrometheusTextFormat(text);
    const family = (name: string) => families.find((f) => f.name === name);
    const value = (name: string, labels: Record<string, string>) =>
      Number(
        family(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN,
      );

    expect(family("http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    // The parser keeps a histogram's buckets, not its labels: the count of this route's answers is read from its line.
    const counted = /^http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm;
    const summaries = [...text.matchAll(counted)].find(
      ([, labels]) => labels!.includes('route="/api/property/summary"') && labels!.includes('status="200"'),
    );
    expect(Number(summaries?.[2])).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain("24th"); // a route's pattern, never its query or path values

    expect(value("upstream_calls_total", { operation: "propertySummary", outcome: "miss" })).toBeGreaterThanOrEqual(1);
    expect(value("upstream_calls_total", { operation: "propertySummary", outcome: "hit" })).toBeGreaterThanOrEqual(1);
    expect(value("upstream_billable_requests_total", { operation: "propertySummary" })).toBeGreaterThanOrEqual(1);
    expect(
      value("sign_in_failures_total", { action: "signin", method: "password", reason: "wrong_email_or_password" }),
    ).toBeGreaterThanOrEqual(6);
    expect(
      value("sign_in_failures_total", { action: "signin", method: "password", reason: "throttled" }),
    ).toBeGreaterThanOrEqual(1);
    expect(value("sign_in_throttled_total", { kind: "email" })).toBeGreaterThanOrEqual(1);
    expect(value("rate_limit_refusals_total", { limiter: "reset-email" })).toBe(1);
    expect(await resetMails()).toBe(3);
    const housekeeping = family("background_jobs")?.metrics.filter((m) => m.labels?.queue === "housekeeping") ?? [];
    expect(housekeeping.map((m) => m.labels?.state)).toEqual(
      expect.arrayContaining(["created", "active", "completed", "failed"]),
    );
    expect(housekeeping.reduce((sum, m) => sum + Number(m.value), 0)).toBeGreaterThanOrEqual(1);
    expect(value("metrics_collector_up", { collector: "jobs" })).toBe(1);
    expect(value("database_up", { database: "pglite" })).toBe(1);
    expect(value("database_pool_max_connections", { database: "pglite" })).toBe(1);
    expect(value("database_ping_seconds", { database: "pglite" })).toBeGreaterThan(0);
    if (process.env.REDIS_URL) expect(value("redis_up", { connection: "cache" })).toBe(1);
    else expect(family("redis_up")?.metrics ?? []).toEqual([]);
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(family(name), name).toBeDefined();
  });

  it(
    "exports traces with its service name: a span per upstream call with its cache outcome, and per job",
    { timeout: 60_000 },
    async () => {
      const upstream = (outcome: string) =>
        spans.find(
          (span) => span.name === "upstream propertySummary" && span.attributes["upstream.cache_outcome"] === outcome,
        );
      const miss = await eventually(() => upstream("miss"), "the miss's span");
      expect(miss.serviceName).toBe(serviceName);
      expect(miss.attributes).toMatchObject({
        "upstream.operation": "propertySummary",
        "upstream.billable": true,
        "upstream.billable_requests": 1,
      });
      expect((await eventually(() => upstream("hit"), "the hit's span")).attributes).toMatchObject({
        "upstream.billable": false,
      });
      // The request's own spans (Next.js's) carry its request id, and the upstream call is in the same trace.
      const request = await eventually(
        () => spans.find((span) => span.attributes["app.request_id"] === missRequestId),
        "the request's span",
      );
      expect(request.traceId).toBe(miss.traceId);
      expect(
        spans.some(
          (span) => span.traceId === miss.traceId && span.attributes["http.route"] === "/api/property/summary",
        ),
      ).toBe(true);
      const job = await eventually(() => spans.find((span) => span.name === "job housekeeping"), "the job's span");
      expect(job.attributes).toMatchObject({
        "messaging.system": "pg-boss",
        "messaging.destination.name": "housekeeping",
      });
      expect(spans.some((span) => span.name === "db audit.append")).toBe(true);
      // No URL leaves with its query: the address looked up is in none of the exports.
      expect(exportBodies.join("\n")).not.toContain("24th");
    },
  );

  it("writes the trace's ids in its log lines, beside the request id", { timeout: 30_000 }, async () => {
    const refused = await eventually(
      () => logLines.find((line) => line.requestId === refusedRequestId),
      "the refused scrape's log line",
    );
    expect(refused.message).toBe("a request with the wrong bearer token was refused");
    expect(refused.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(refused.spanId).toMatch(/^[0-9a-f]{16}$/);
    const span = await eventually(
      () => spans.find((s) => s.attributes["app.request_id"] === refusedRequestId),
      "the refused scrape's span",
    );
    expect(refused.traceId).toBe(span.traceId);
    // A job's log lines are in the job's trace.
    const job = spans.find((s) => s.name === "job housekeeping")!;
    const jobLine = await eventually(
      () => logLines.find((line) => String(line.message).startsWith("housekeeping:")),
      "the job's log line",
    );
    expect(jobLine.traceId).toBe(job.traceId);
  });
});
