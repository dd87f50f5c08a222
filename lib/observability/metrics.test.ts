import parsePrometheusTextFormat, { type PrometheusFamily as Family } from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";

// lib/env reads the environment once, when first imported: metrics are on for this file.
process.env.METRICS_TOKEN = "t".repeat(40);
const metrics = await import("./metrics");

const scrape = async () => parsePrometheusTextFormat(await metrics.appMetrics()!.registry.metrics());
const valueOf = (families: Family[], name: string, labels: Record<string, string>) =>
  families
    .find((f) => f.name === name)
    ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value;

describe("the metrics registry", () => {
  it("is one per process, kept on globalThis for every route bundle", () => {
    expect(metrics.appMetrics()).toBe(metrics.appMetrics());
    expect((globalThis as { appMetrics?: unknown }).appMetrics).toBe(metrics.appMetrics());
  });

  it("counts upstream requests by operation and outcome, a meter error as failed, and the billable spend", async () => {
    metrics.countUpstream("propertySummary", "miss", 1);
    metrics.countUpstream("propertySummary", "hit", 0);
    metrics.countUpstream("propertySummary", "hit", 0);
    metrics.countUpstream("normalizeAddresses", "error", 3);
    const families = await scrape();
    expect(valueOf(families, "upstream_calls_total", { operation: "propertySummary", outcome: "hit" })).toBe("2");
    expect(valueOf(families, "upstream_calls_total", { operation: "normalizeAddresses", outcome: "failed" })).toBe("1");
    expect(valueOf(families, "upstream_billable_requests_total", { operation: "propertySummary" })).toBe("1");
    expect(valueOf(families, "upstream_billable_requests_total", { operation: "normalizeAddresses" })).toBe("3");
  });

  it("keeps labels bounded: a reason the code did not name is counted as other", async () => {
    metrics.countSignInFailure("signin", "password", "wrong_email_or_password");
    metrics.countSignInFailure("signin", "sso", "a provider's <free text> with spaces");
    metrics.countSignInThrottle("email");
    metrics.countRateLimitRefusal("reset-email");
    const families = await scrape();
    expect(valueOf(families, "sign_in_failures_total", { method: "password", reason: "wrong_email_or_password" })).toBe(
      "1",
    );
    expect(valueOf(families, "sign_in_failures_total", { method: "sso", reason: "other" })).toBe("1");
    expect(valueOf(families, "sign_in_throttled_total", { kind: "email" })).toBe("1");
    expect(valueOf(families, "rate_limit_refusals_total", { limiter: "reset-email" })).toBe("1");
  });

  it("reads each Redis connection's status when scraped, and times requests by route", async () => {
    const redis = { status: "ready" };
    metrics.watchRedis("rate limits", redis);
    metrics.requestTimer()!({ method: "GET", route: "/api/things/[id]", status: 200 });
    expect(valueOf(await scrape(), "redis_up", { connection: "rate-limits" })).toBe("1");
    redis.status = "reconnecting";
    const families = await scrape();
    expect(valueOf(families, "redis_up", { connection: "rate-limits" })).toBe("0");
    expect(families.find((f) => f.name === "http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    // The parser keeps a histogram's buckets but not its labels: those are read from prom-client itself.
    const { values } = await metrics.appMetrics()!.requestDuration.get();
    expect(values.find((v) => v.metricName === "http_request_duration_seconds_count")).toMatchObject({
      labels: { method: "GET", route: "/api/things/[id]", status: "200" },
      value: 1,
    });
  });

  it("has Node's default metrics", async () => {
    const names = (await scrape()).map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "process_cpu_user_seconds_total",
        "nodejs_heap_size_used_bytes",
        "nodejs_eventloop_lag_seconds",
      ]),
    );
  });
});
