export type Operation =
  | "normalizeAddresses"
  | "verifyHomeowner"
  | "valuationEstimate"
  | "homeEquitySummary"
  | "propertyReport"
  | "propertySummary"
  | "retrieveOwnerData"
  | "createOwner";

/** How a call failed: the service answered with an error status, took too long, could not be reached, or sent
 * something that is not what the spec describes. */
export type FailureKind = "http" | "timeout" | "network" | "invalid-response";

/** What the statuses of the spec's error table mean, for messages a person can read. */
export const STATUS_MEANINGS: Readonly<Record<number, string>> = {
  400: "Request malformed or required parameters missing",
  401: "Authentication credentials missing or invalid",
  403: "Requested operation not allowed",
  404: "Specified resource not found",
  405: "Method not allowed",
  406: "Requested format not available",
  429: "Too many requests",
  500: "Unexpected server error",
  502: "Bad gateway",
  503: "Service unavailable",
  504: "Gateway timeout",
};

export class PropertyApiError extends Error {
  override readonly name = "PropertyApiError";
  readonly operation: Operation;
  /** The HTTP status the service answered with; 504 for a timeout, 502 for no answer or an unreadable one. */
  readonly status: number;
  readonly kind: FailureKind;
  /** Seconds to wait, from a 429's or 503's `Retry-After`. */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    operation: Operation;
    status: number;
    kind: FailureKind;
    message: string;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.operation = init.operation;
    this.status = init.status;
    this.kind = init.kind;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /**
   * True for a PropertyApiError from any copy of this module: a bundler may load it more than once (Next.js does,
   * per route), and `instanceof` then fails across copies.
   */
  static is(error: unknown): error is PropertyApiError {
    return (
      error instanceof Error &&
      error.name === "PropertyApiError" &&
      typeof (error as PropertyApiError).status === "number"
    );
  }

  /** Worth trying again later: a timeout, no answer, a 429 or a 5xx. */
  get retryable(): boolean {
    return isRetryable(this);
  }
}

export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A timeout, no answer, a 429 or a 5xx: worth trying again later. */
export function isRetryable(error: Pick<PropertyApiError, "kind" | "status">): boolean {
  return error.kind === "timeout" || error.kind === "network" || error.status === 429 || error.status >= 500;
}
