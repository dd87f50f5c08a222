import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

export type { Span } from "@opentelemetry/api";

// Without an SDK registered (no OTEL_EXPORTER_OTLP_ENDPOINT), this is @opentelemetry/api's no-op tracer: a span costs
// a small object and no I/O (measured in the README, "Metrics and traces").
const tracer = trace.getTracer("homeowner-dashboard");

export interface SpanOptions {
  attributes?: Attributes;
  kind?: "internal" | "client" | "consumer";
  /**
   * A trace of its own: for work that serves many requests at once (a batch of meter rows, of activity-log events),
   * which would otherwise join whichever request happened to start it.
   */
  root?: boolean;
}

const KINDS = { internal: SpanKind.INTERNAL, client: SpanKind.CLIENT, consumer: SpanKind.CONSUMER } as const;

/**
 * Runs `work` inside a span, the active one while it runs (log lines and child spans join it), and ends it when the
 * work settles. A failure marks the span as an error with its code or class name, never its message: messages may carry
 * an address or a person's name, and spans go to another system.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { attributes: options.attributes, kind: KINDS[options.kind ?? "internal"], root: options.root },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: errorType(error) });
        span.setAttribute("error.type", errorType(error));
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function errorType(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^[\w.-]{1,60}$/.test(code)) return code;
    if (error instanceof Error) return error.name;
  }
  return "unknown";
}

/** A database span's attributes for an insert of `rows` rows into `table` (PGlite speaks PostgreSQL too). */
export const dbInsert = (table: string, rows: number): Attributes => ({
  "db.system.name": "postgresql",
  "db.operation.name": "INSERT",
  "db.collection.name": table,
  "db.operation.batch.size": rows,
});

/** A database span's attributes for a read of `table` (and whatever it joins). */
export const dbSelect = (table: string): Attributes => ({
  "db.system.name": "postgresql",
  "db.operation.name": "SELECT",
  "db.collection.name": table,
});

/** A job's span: a trace of its own, named by the queue (pg-boss's), with the job's id. */
export const jobSpan = (queue: string, id: string): SpanOptions => ({
  kind: "consumer",
  root: true,
  attributes: {
    "messaging.system": "pg-boss",
    "messaging.operation.type": "process",
    "messaging.destination.name": queue,
    "messaging.message.id": id,
  },
});

/** Puts the request id on the span of the request being served, so a trace leads to the request's log lines. */
export function noteRequestId(requestId: string): void {
  trace.getActiveSpan()?.setAttribute("app.request_id", requestId);
}
