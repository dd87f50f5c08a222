import { AsyncLocalStorage } from "node:async_hooks";
import { trace } from "@opentelemetry/api";
import pino from "pino";
import { REDACTED_PATHS, safeError } from "@/lib/log-errors";

/**
 * Structured JSON logs, one line an event, with the request id of the request that caused it and, while tracing is on,
 * the trace and span it happened in: a log line leads to its trace and back. Never a query's bound values: errors go
 * through `safeError` (lib/log-errors.ts), and `params`/`parameters` logged any other way are removed.
 */
export const log = pino({
  base: undefined,
  messageKey: "message",
  timestamp: pino.stdTimeFunctions.isoTime,
  serializers: { err: safeError, error: safeError },
  redact: { paths: REDACTED_PATHS, remove: true },
  mixin: () => {
    const requestId = requestContext.getStore()?.requestId;
    const ids = activeTraceIds();
    return requestId ? { requestId, ...ids } : { ...ids };
  },
});

/**
 * The ids of the span active here, for log lines; undefined when none is (always, while tracing is off). Read from
 * @opentelemetry/api here, not from lib/observability: that floor sits above the log (its SDK logs what it does).
 */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return undefined;
  return { traceId: context.traceId, spanId: context.spanId };
}

/**
 * The request being served: its id goes into every log line and every upstream call it makes; the client's address and
 * the signed-in account, once known, go into the activity log's rows (lib/services/audit/log.ts).
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export interface RequestContext {
  requestId: string;
  ip?: string;
  user?: { id: number; email: string; role: string };
  /**
   * The API token the request came with: every activity-log row its owner makes in it names the token (`audited` once
   * one does).
   */
  apiToken?: { id: number; name: string; userId: number; audited?: boolean };
  /** The request's method and path ("POST /api/account/authenticator"): what one attempt asked for. */
  route?: string;
}
