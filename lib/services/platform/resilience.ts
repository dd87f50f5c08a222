import "server-only";
import {
  circuitBreaker,
  ConsecutiveBreaker,
  handleWhen,
  retry,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
} from "cockatiel";
import { env } from "@/lib/env";
import { isRetryable, PropertyApiError } from "@/lib/property-api";

const MAX_RETRY_AFTER_MS = 3_000;

/** Worth retrying: a timeout, no answer, a 429 or a 5xx. A 400 or a 404 will not change. */
const transient = (error: unknown) => PropertyApiError.is(error) && isRetryable(error);

/** Exponential back-off with jitter that waits as long as a 429's or 503's Retry-After says, when that is short. */
class RetryAfterBackoff implements IBackoffFactory<IRetryBackoffContext<unknown>> {
  constructor(private readonly attempt = 0) {}
  next(context: IRetryBackoffContext<unknown>): IBackoff<IRetryBackoffContext<unknown>> {
    const error = "error" in context.result ? context.result.error : undefined;
    const retryAfter =
      PropertyApiError.is(error) && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
    const exponential = 150 * 2 ** this.attempt * (0.5 + Math.random());
    const duration = Math.min(MAX_RETRY_AFTER_MS, retryAfter ?? exponential);
    const following = new RetryAfterBackoff(this.attempt + 1);
    return { duration, next: (ctx) => following.next(ctx) };
  }
}

function policies() {
  const breaker = circuitBreaker(handleWhen(transient), {
    halfOpenAfter: env.CIRCUIT_BREAKER_HALF_OPEN_MS,
    breaker: new ConsecutiveBreaker(env.CIRCUIT_BREAKER_FAILURES),
  });
  return { breaker, retrying: retry(handleWhen(transient), { maxAttempts: 2, backoff: new RetryAfterBackoff() }) };
}

// One breaker per process, whichever route bundle asks (Next.js may load this module once per route).
const globalForPolicies = globalThis as unknown as { upstreamPolicies?: ReturnType<typeof policies> };

/**
 * Calls the service through a circuit breaker (CIRCUIT_BREAKER_FAILURES transient failures in a row open it for
 * CIRCUIT_BREAKER_HALF_OPEN_MS) and, for operations that change nothing, retries transient failures twice with
 * back-off.
 */
export function resilient<T>(idempotent: boolean, call: () => Promise<T>): Promise<T> {
  const { breaker, retrying } = (globalForPolicies.upstreamPolicies ??= policies());
  return idempotent ? retrying.execute(() => breaker.execute(call)) : breaker.execute(call);
}
