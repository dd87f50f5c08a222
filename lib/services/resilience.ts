import "server-only";
import { circuitBreaker, ConsecutiveBreaker, handleWhen, retry, type IBackoff, type IBackoffFactory, type IRetryBackoffContext } from "cockatiel";
import { PropertyApiError } from "@/lib/property-api";

const MAX_RETRY_AFTER_MS = 3_000;

/** Worth retrying: a timeout, no answer, a 429 or a 5xx. A 400 or a 404 will not change. */
const transient = (error: Error) => error instanceof PropertyApiError && error.retryable;

/** Exponential back-off with jitter that waits as long as a 429's or 503's Retry-After says, when that is short. */
class RetryAfterBackoff implements IBackoffFactory<IRetryBackoffContext<unknown>> {
  constructor(private readonly attempt = 0) {}
  next(context: IRetryBackoffContext<unknown>): IBackoff<IRetryBackoffContext<unknown>> {
    const error = "error" in context.result ? context.result.error : undefined;
    const retryAfter = error instanceof PropertyApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
    const exponential = 150 * 2 ** this.attempt * (0.5 + Math.random());
    const duration = Math.min(MAX_RETRY_AFTER_MS, retryAfter ?? exponential);
    const following = new RetryAfterBackoff(this.attempt + 1);
    return { duration, next: (ctx) => following.next(ctx) };
  }
}

const breaker = circuitBreaker(handleWhen(transient), { halfOpenAfter: 10_000, breaker: new ConsecutiveBreaker(5) });
const retrying = retry(handleWhen(transient), { maxAttempts: 2, backoff: new RetryAfterBackoff() });

/**
 * Calls the service through a circuit breaker (5 transient failures in a row open it for 10 s) and, for operations
 * that change nothing, retries transient failures twice with back-off.
 */
export function resilient<T>(idempotent: boolean, call: () => Promise<T>): Promise<T> {
  return idempotent ? retrying.execute(() => breaker.execute(call)) : breaker.execute(call);
}
