import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/** Structured JSON logs, one line an event, with the request id of the request that caused it. */
export const log = pino({
  base: undefined,
  messageKey: "message",
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const requestId = requestContext.getStore()?.requestId;
    return requestId ? { requestId } : {};
  },
});

/** The request being served: its id goes into every log line and every upstream call it makes. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();
