import { isBrokenCircuitError } from "cockatiel";
import { PropertyApiError } from "@/lib/property-api";
import { RateLimitedError } from "@/lib/rate-limit";

/**
 * Every error code the app answers with, and its HTTP status: one table, so a code cannot come with two statuses.
 * The codes are the API's `error.code` (docs/api.md) and the activity log's refusal reasons.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_text: 400,
  invalid_code: 400,
  invalid_link: 400,
  invalid_challenge: 400,
  invalid_image: 400,
  file_too_large: 400,
  too_many_rows: 400,
  weak_password: 400,
  wrong_password: 400,
  wrong_code: 400,
  no_code: 400,
  passkey_invalid: 400,
  reset_link_invalid: 400,
  verification_link_invalid: 400,
  sso_only: 400,
  which_home: 400,
  unauthorized: 401,
  invalid_token: 401,
  partner_token_refused: 401,
  forbidden: 403,
  cross_origin: 403,
  origin_not_allowed: 403,
  token_not_allowed: 403,
  token_scope: 403,
  email_unverified: 403,
  factor_locked: 403,
  challenge_refused: 403,
  partner_site_unknown: 403,
  step_up_required: 403,
  reauthentication_required: 403,
  second_factor_required: 403,
  second_factor_enrolment_required: 403,
  not_found: 404,
  no_owner: 404,
  invitation_not_found: 404,
  already_sent: 409,
  already_verified: 409,
  changed: 409,
  closed: 409,
  email_taken: 409,
  endpoint_disabled: 409,
  invalid_status: 409,
  no_claim: 409,
  no_officer: 409,
  no_second_factor: 409,
  not_held: 409,
  not_a_homeowner: 409,
  owner_taken: 409,
  taken: 409,
  too_many_claims: 409,
  invitation_expired: 410,
  invitation_used: 410,
  link_expired: 410,
  link_used: 410,
  too_large: 413,
  not_on_deed: 422,
  rate_limited: 429,
  budget_exhausted: 429,
  letter_limit: 429,
  internal_error: 500,
  upstream_error: 502,
  upstream_refused: 502,
  unavailable: 503,
  mail_unavailable: 503,
  letter_unavailable: 503,
  upstream_busy: 503,
  upstream_unavailable: 503,
  upstream_timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What went wrong, for the person who asked: the status follows from the code (ERROR_STATUS). */
export interface AppErrorInit {
  code: ErrorCode;
  /** Words a person can act on; the API answers them as they are. */
  message: string;
  /** The fields at fault, each with its reason (a 400's `error.fields`). */
  fields?: Record<string, string>;
  /** Seconds until trying again is worth it (the `Retry-After` header). */
  retryAfter?: number;
}

/** An error with the HTTP status, code and message a person can act on; route handlers answer with it as is. */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly retryAfter?: number;

  /** True for an AppError from any copy of this module (Next.js may bundle it once per route). */
  static is(error: unknown): error is AppError {
    return error instanceof Error && error.name === "AppError" && typeof (error as AppError).status === "number";
  }

  constructor({ code, message, fields, retryAfter }: AppErrorInit) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    if (fields) this.fields = fields;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

export const forbidden = (message = "You are not allowed to do this.") => new AppError({ code: "forbidden", message });
export const unauthorized = () => new AppError({ code: "unauthorized", message: "Sign in to continue." });

/** What an upstream failure means to the person who asked. The service's own wording is kept for 400 and 404. */
export function fromUpstream(error: unknown): AppError {
  if (AppError.is(error)) return error;
  if (RateLimitedError.is(error))
    return new AppError({ code: "rate_limited", message: error.message, retryAfter: error.retryAfterSeconds });
  // Not instanceof: Next.js bundles cockatiel once per route, and the breaker may belong to another copy.
  if (isBrokenCircuitError(error)) {
    return new AppError({
      code: "upstream_unavailable",
      message: "The property data service is not answering right now. Please try again in a minute.",
      retryAfter: 30,
    });
  }
  if (!PropertyApiError.is(error)) throw error;
  switch (true) {
    case error.status === 400:
      return new AppError({ code: "invalid_request", message: error.message.replace(/^address: /, "The address: ") });
    case error.status === 404:
      return new AppError({ code: "not_found", message: error.message || "No property was found at that address." });
    case error.kind === "timeout":
      return new AppError({
        code: "upstream_timeout",
        message: "The property data service took too long to answer. Please try again.",
      });
    case error.status === 429:
      return new AppError({
        code: "upstream_busy",
        message: "The property data service is busy. Please try again shortly.",
        retryAfter: error.retryAfterSeconds ?? 30,
      });
    case error.status === 401 || error.status === 403:
      return new AppError({
        code: "upstream_refused",
        message:
          "The property data service refused this app's credentials. An administrator has to check the API token.",
      });
    default:
      return new AppError({
        code: "upstream_error",
        message: "The property data service had a problem answering. Please try again.",
      });
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
