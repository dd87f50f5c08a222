import { isBrokenCircuitError } from "cockatiel";
import { PropertyApiError } from "@/lib/property-api";
import { RateLimitedError } from "@/lib/rate-limit";

/** An error with the HTTP status, code and message a person can act on; route handlers answer with it as is. */
export class AppError extends Error {
  override readonly name = "AppError";

  /** True for an AppError from any copy of this module (Next.js may bundle it once per route). */
  static is(error: unknown): error is AppError {
    return error instanceof Error && error.name === "AppError" && typeof (error as AppError).status === "number";
  }

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const forbidden = (message = "You are not allowed to do this.") => new AppError(403, "forbidden", message);
export const unauthorized = () => new AppError(401, "unauthorized", "Sign in to continue.");

/** What an upstream failure means to the person who asked. The service's own wording is kept for 400 and 404. */
export function fromUpstream(error: unknown): AppError {
  if (AppError.is(error)) return error;
  if (RateLimitedError.is(error))
    return new AppError(429, "rate_limited", error.message, undefined, error.retryAfterSeconds);
  // Not instanceof: Next.js bundles cockatiel once per route, and the breaker may belong to another copy.
  if (isBrokenCircuitError(error)) {
    return new AppError(
      503,
      "upstream_unavailable",
      "The property data service is not answering right now. Please try again in a minute.",
      undefined,
      30,
    );
  }
  if (!PropertyApiError.is(error)) throw error;
  switch (true) {
    case error.status === 400:
      return new AppError(400, "invalid_request", error.message.replace(/^address: /, "The address: "));
    case error.status === 404:
      return new AppError(404, "not_found", error.message || "No property was found at that address.");
    case error.kind === "timeout":
      return new AppError(
        504,
        "upstream_timeout",
        "The property data service took too long to answer. Please try again.",
      );
    case error.status === 429:
      return new AppError(
        503,
        "upstream_busy",
        "The property data service is busy. Please try again shortly.",
        undefined,
        error.retryAfterSeconds ?? 30,
      );
    case error.status === 401 || error.status === 403:
      return new AppError(
        502,
        "upstream_refused",
        "The property data service refused this app's credentials. An administrator has to check the API token.",
      );
    default:
      return new AppError(
        502,
        "upstream_error",
        "The property data service had a problem answering. Please try again.",
      );
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  // The schema still waits for `npm run migrate` (MIGRATE_ON_START=false): lib/db's SchemaBehindError.
  "SCHEMA_BEHIND",
  "57P01",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** True when an error (or what caused it) is a database or cache that cannot be reached, not a bug. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some(isUnavailable)) return true;
  }
  return false;
}

/** For pages: the value, or the AppError a person should read instead (anything else is a bug and is thrown). */
export async function orAppError<T>(work: Promise<T>): Promise<T | AppError> {
  try {
    return await work;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
}
