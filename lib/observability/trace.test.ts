import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { context, propagation, trace } from "@opentelemetry/api";
import { NodeSDK, type NodeSDKConfiguration } from "@opentelemetry/sdk-node";
import { activeTraceIds } from "@/lib/log";
import { withoutQueries } from "./sdk";
import { dbInsert, inSpan } from "./trace";

type SpanExporter = NonNullable<NodeSDKConfiguration["traceExporter"]>;
type ReadableSpan = Parameters<SpanExporter["export"]>[0][number];

describe("spans, while tracing is off", () => {
  it("run the work and carry no ids (the no-op tracer)", async () => {
    expect(await inSpan("nothing", {}, async () => activeTraceIds())).toBeUndefined();
  });
});

describe("spans, with the SDK registered", () => {
  const finished: ReadableSpan[] = [];
  const seen: { outer?: ReturnType<typeof activeTraceIds>; inner?: ReturnType<typeof activeTraceIds> } = {};
  const failure = Object.assign(new Error("No property at 2800 N 24th St"), { code: "not_found" });

  beforeAll(async () => {
    const exporter: SpanExporter = {
      export: (spans, done) => {
        finished.push(...spans);
        done({ code: 0 });
      },
      shutdown: async () => {},
    };
    const sdk = new NodeSDK({
      traceExporter: exporter,
      metricReaders: [],
      logRecordProcessors: [],
      autoDetectResources: false,
    });
    sdk.start();
    await inSpan(
      "upstream propertySummary",
      { attributes: { "upstream.operation": "propertySummary" } },
      async (span) => {
        seen.outer = activeTraceIds();
        span.setAttribute("upstream.cache_outcome", "miss");
        await inSpan(
          "db meter.flush",
          { kind: "client", root: true, attributes: dbInsert("upstream_calls", 3) },
          async () => {
            seen.inner = activeTraceIds();
          },
        );
      },
    );
    await expect(inSpan("upstream valuationEstimate", {}, async () => Promise.reject(failure))).rejects.toBe(failure);
    await sdk.shutdown(); // sends the batch
  });
  afterAll(() => {
    trace.disable();
    context.disable();
    propagation.disable();
  });

  const named = (name: string) => finished.find((span) => span.name === name)!;

  it("are exported with their attributes, and their ids are the ones log lines carry", () => {
    const outer = named("upstream propertySummary");
    expect(outer.attributes).toMatchObject({
      "upstream.operation": "propertySummary",
      "upstream.cache_outcome": "miss",
    });
    expect(seen.outer).toEqual({ traceId: outer.spanContext().traceId, spanId: outer.spanContext().spanId });
  });

  it("start a trace of their own when asked (a flush serves many requests)", () => {
    const flush = named("db meter.flush");
    expect(flush.attributes).toMatchObject({
      "db.operation.name": "INSERT",
      "db.collection.name": "upstream_calls",
      "db.operation.batch.size": 3,
    });
    expect(seen.inner?.traceId).toBe(flush.spanContext().traceId);
    expect(flush.spanContext().traceId).not.toBe(named("upstream propertySummary").spanContext().traceId);
  });

  it("mark a failure by its code, never its message (which may name an address)", () => {
    const failed = named("upstream valuationEstimate");
    expect(failed.status).toEqual({ code: 2, message: "not_found" });
    expect(JSON.stringify([failed.attributes, failed.events])).not.toContain("2800");
  });

  it("leave the process without their URLs' query strings", () => {
    const span = named("upstream propertySummary");
    const withQuery = Object.create(span, {
      name: { value: "fetch GET http://service.test/property/summary?address=2800%20N%2024th%20St" },
      attributes: {
        value: {
          "http.url": "http://service.test/property/summary?address=2800",
          "http.target": "/reset-password?token=secret",
          "url.query": "a=1",
          "http.method": "GET",
        },
      },
    }) as ReadableSpan;
    const sent = withoutQueries(withQuery);
    expect(sent.name).toBe("fetch GET http://service.test/property/summary");
    expect(sent.attributes).toEqual({
      "http.url": "http://service.test/property/summary",
      "http.target": "/reset-password",
      "http.method": "GET",
    });
    expect(sent.spanContext()).toEqual(span.spanContext());
    expect(withoutQueries(span)).toBe(span);
  });

  it("leave the process without the message and stack of an exception Next.js recorded on them", () => {
    const span = named("upstream propertySummary");
    const failedRender = Object.create(span, {
      status: { value: { code: 2, message: "No home at 2800 N 24th St for Jane Doe" } },
      events: {
        value: [
          {
            name: "exception",
            time: [0, 0],
            attributes: {
              "exception.type": "NotFound",
              "exception.message": "No home at 2800 N 24th St",
              "exception.stacktrace": "at Jane Doe",
            },
          },
        ],
      },
    }) as ReadableSpan;
    const sent = withoutQueries(failedRender);
    expect(sent.status).toEqual({ code: 2 });
    expect(sent.events).toEqual([{ name: "exception", time: [0, 0], attributes: { "exception.type": "NotFound" } }]);
    expect(JSON.stringify([sent.status, sent.events])).not.toMatch(/2800|Jane/);
  });
});
