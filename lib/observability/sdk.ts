import { diag, DiagLogLevel } from "@opentelemetry/api";
import { NodeSDK, type NodeSDKConfiguration } from "@opentelemetry/sdk-node";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { onShutdown } from "@/lib/shutdown";

type SpanExporter = NonNullable<NodeSDKConfiguration["traceExporter"]>;
type ReadableSpan = Parameters<SpanExporter["export"]>[0][number];

/**
 * The standard variables' exporter: OTLP over HTTP (protobuf by default, or JSON) or gRPC; each reads its endpoint,
 * headers and timeout itself.
 */
async function otlpExporter(): Promise<SpanExporter> {
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  if (protocol === "grpc") return new (await import("@opentelemetry/exporter-trace-otlp-grpc")).OTLPTraceExporter();
  if (protocol === "http/json")
    return new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
  return new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
}

// Attributes that Next.js fills with a whole URL (its request span's target, a fetch span's URL): the query string
// carries addresses, applicant names, and reset, invitation and unsubscribe tokens.
const URL_ATTRIBUTES = ["http.target", "http.url", "url.full"];

/** A span as it may leave the process: every URL without its query string (an unchanged span is sent as it is). */
export function withoutQueries(span: ReadableSpan): ReadableSpan {
  let attributes = span.attributes;
  for (const key of [...URL_ATTRIBUTES, "url.query"]) {
    const value = attributes[key];
    if (typeof value !== "string" || (key !== "url.query" && !value.includes("?"))) continue;
    if (attributes === span.attributes) attributes = { ...attributes };
    if (key === "url.query") delete attributes[key];
    else attributes[key] = value.slice(0, value.indexOf("?"));
  }
  const name = span.name.replace(/\?\S*/g, "");
  // Next.js records a failed render's exception on its span (message and stack) and puts the message in the status:
  // messages may carry an address or a person's name. The exception's type stays.
  const events = span.events.map((event) =>
    event.name === "exception" && event.attributes
      ? {
          ...event,
          attributes: Object.fromEntries(Object.entries(event.attributes).filter(([key]) => key === "exception.type")),
        }
      : event,
  );
  const status = span.status.message ? { code: span.status.code } : span.status;
  const scrubbed = events.some((event, i) => event !== span.events[i]) || status !== span.status;
  if (attributes === span.attributes && name === span.name && !scrubbed) return span;
  // The span itself is the prototype: its methods (spanContext()) and every other field read through.
  return Object.create(span, {
    name: { value: name },
    attributes: { value: attributes },
    events: { value: events },
    status: { value: status },
  }) as ReadableSpan;
}

/** Hands spans on to the exporter without their URLs' query strings. */
class QueryFreeExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.inner.export(spans.map(withoutQueries), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * Starts OpenTelemetry's Node SDK: traces only, through the standard OTEL_* variables (sampler, batch delays, resource
 * attributes, propagators). Called from instrumentation.ts, and only when an OTLP endpoint is set: otherwise this
 * module is never loaded and @opentelemetry/api's no-op tracer answers every span.
 */
export async function startTracing(): Promise<void> {
  // The SDK's own troubles (a collector that does not answer) as log lines; OTEL_LOG_LEVEL replaces this with its
  // console.
  diag.setLogger(
    {
      error: (message, ...args) => log.warn({ detail: args.map(String).join(" ") }, `tracing: ${message}`),
      warn: (message, ...args) => log.warn({ detail: args.map(String).join(" ") }, `tracing: ${message}`),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const named = env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? "");
  const sdk = new NodeSDK({
    serviceName: named ? undefined : "homeowner-dashboard",
    traceExporter: new QueryFreeExporter(await otlpExporter()),
    // Traces only: metrics are pulled from /api/metrics (prom-client), and logs are JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // The spans still in the batch (the drain's too) go out before the process ends.
  onShutdown(() => sdk.shutdown().catch(() => undefined), "last");
  log.info("tracing: OpenTelemetry's SDK is set up; spans go to the OTLP endpoint");
}
