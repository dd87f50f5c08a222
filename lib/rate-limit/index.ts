import "server-only";
import type Redis from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import { redisClient } from "@/lib/cache";
import { env } from "@/lib/env";
import { countRateLimitRefusal } from "@/lib/observability/metrics";

export class RateLimitedError extends Error {
  override readonly name = "RateLimitedError";

  /** True for a RateLimitedError from any copy of this module (pages and route handlers each bundle their own). */
  static is(error: unknown): error is RateLimitedError {
    return (
      error instanceof Error &&
      error.name === "RateLimitedError" &&
      typeof (error as RateLimitedError).retryAfterSeconds === "number"
    );
  }

  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`);
  }
}

/**
 * What strangers may make the app do, per hour: create accounts (per IP), send reset mail (per IP, per email); and
 * what an admin's session (perhaps a stolen one) may: invite staff by email (per admin).
 */
export type AccountLimit =
  "signup" | "resetIp" | "resetEmail" | "verifyEmail" | "passkeyOptions" | "staffInvite" | "apiTokenFailures" | "lead";

/**
 * The widget's lead form, per day: leads per visitor IP, per network, per address, per site before they are held
 * (`leadSite`) and at all (`leadSiteCeiling`), and report links mailed per recipient (`leadMail`); and `leadStamp`, a
 * proof-of-work stamp's single use (one point for as long as a stamp lives).
 */
export type WidgetLeadLimit =
  "leadIp" | "leadNetwork" | "leadAddress" | "leadSite" | "leadSiteCeiling" | "leadStamp" | "leadMail";

type Limiter = "user" | "ip" | "widgetIp" | "staffRows" | AccountLimit | WidgetLeadLimit;
type Limiters = Record<Limiter, RateLimiterAbstract>;

/** Each limiter's name: its keys' prefix, and its label in `rate_limit_refusals_total`. */
const NAMES: Record<Limiter, string> = {
  user: "user",
  ip: "ip",
  widgetIp: "widget-ip",
  signup: "signup",
  resetIp: "reset-ip",
  resetEmail: "reset-email",
  verifyEmail: "verify-email",
  passkeyOptions: "passkey-options",
  staffInvite: "staff-invite",
  leadIp: "widget-lead-ip",
  leadNetwork: "widget-lead-network",
  leadAddress: "widget-lead-address",
  leadSite: "widget-lead-site",
  leadSiteCeiling: "widget-lead-site-ceiling",
  leadStamp: "widget-lead-stamp",
  leadMail: "widget-lead-mail",
  apiTokenFailures: "api-token-failures",
  lead: "lead",
  staffRows: "staff-rows",
};

/** Customers' records one staff session may read, page after page, in STAFF_READ_WINDOW_SECONDS before a step-up. */
export const STAFF_READ_ROWS = 500;
export const STAFF_READ_WINDOW_SECONDS = 600;

const DAY = 86_400;
/** How long a widget lead's proof-of-work challenge may be answered (and so how long its single use is remembered). */
export const LEAD_STAMP_SECONDS = 600;

function create(redis: Redis | undefined): Limiters {
  const make = (name: string, points: number, duration = 60) => {
    const keyPrefix = `${env.CACHE_NAMESPACE}:rl:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory })
      : memory;
  };
  return {
    user: make(NAMES.user, env.RATE_LIMIT_USER_PER_MINUTE),
    ip: make(NAMES.ip, env.RATE_LIMIT_IP_PER_MINUTE),
    widgetIp: make(NAMES.widgetIp, env.WIDGET_RATE_LIMIT_IP_PER_MINUTE),
    signup: make(NAMES.signup, env.RATE_LIMIT_SIGNUP_PER_HOUR, 3600),
    resetIp: make(NAMES.resetIp, 10, 3600),
    resetEmail: make(NAMES.resetEmail, 3, 3600),
    verifyEmail: make(NAMES.verifyEmail, 3, 3600),
    passkeyOptions: make(NAMES.passkeyOptions, env.RATE_LIMIT_PASSKEY_OPTIONS_PER_MINUTE, 60),
    staffInvite: make(NAMES.staffInvite, 20, 3600),
    leadIp: make(NAMES.leadIp, env.WIDGET_LEADS_PER_IP_PER_DAY, DAY),
    leadNetwork: make(NAMES.leadNetwork, env.WIDGET_LEADS_PER_NETWORK_PER_DAY, DAY),
    leadAddress: make(NAMES.leadAddress, env.WIDGET_LEADS_PER_ADDRESS_PER_DAY, DAY),
    leadSite: make(NAMES.leadSite, env.WIDGET_LEADS_PER_SITE_PER_DAY, DAY),
    leadSiteCeiling: make(
      NAMES.leadSiteCeiling,
      Math.max(env.WIDGET_LEADS_SITE_CEILING_PER_DAY, env.WIDGET_LEADS_PER_SITE_PER_DAY),
      DAY,
    ),
    leadStamp: make(NAMES.leadStamp, 1, LEAD_STAMP_SECONDS),
    leadMail: make(NAMES.leadMail, env.WIDGET_REPORT_MAILS_PER_RECIPIENT_PER_DAY, DAY),
    // Unknown, expired or revoked API tokens sent from one client address (per 15 minutes).
    apiTokenFailures: make(NAMES.apiTokenFailures, 30, 900),
    // A homeowner's questions, calls and quotes to their officer (one of each kind a day is kept; this bounds the
    // tries).
    lead: make(NAMES.lead, 20, 3600),
    staffRows: make(NAMES.staffRows, STAFF_READ_ROWS, STAFF_READ_WINDOW_SECONDS),
  };
}

const globalForLimits = globalThis as unknown as { rateLimiters?: Limiters };

/**
 * Spends one request of the caller's per-user and per-IP allowances (per minute); throws RateLimitedError with the
 * seconds to wait once either is used up. In memory by default, Redis when REDIS_URL is set.
 */
export async function spend(userId: number | undefined, ip: string, widget = false): Promise<void> {
  await consume(widget ? "widgetIp" : "ip", ip);
  if (userId !== undefined) await consume("user", String(userId));
}

const getLimiters = () => (globalForLimits.rateLimiters ??= create(redisClient("rate limits")));

/** Spends one of an account limit's points for a key; throws RateLimitedError once they are used up. */
export async function limitAccount(limit: AccountLimit, key: string): Promise<void> {
  await consume(limit, key);
}

/** Spends one of a widget lead limit's points for a key; throws RateLimitedError once they are used up. */
export async function limitWidgetLead(limit: WidgetLeadLimit, key: string): Promise<void> {
  await consume(limit, key);
}

/** Gives back a point spent for a key (a lead that another limit then refused). */
export async function refundWidgetLead(limit: WidgetLeadLimit, key: string): Promise<void> {
  await getLimiters()[limit].reward(key, 1);
}

/** The seconds until a used-up account limit allows its key again; undefined while it has points left. */
export async function accountLimitWait(limit: AccountLimit, key: string): Promise<number | undefined> {
  const limiter = getLimiters()[limit];
  const spent = await limiter.get(key);
  if (!spent || spent.consumedPoints < limiter.points) return undefined;
  return Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
}

/**
 * Counts `count` records read by a staff session (`key`) toward STAFF_READ_ROWS: `within` false once the window's total
 * passes it, so that the read is treated as the export it adds up to (a step-up first), with the seconds until the
 * window ends. Paging through 50 at a time is still paging through everything.
 */
export async function staffRowsWithin(
  key: string,
  count: number,
): Promise<{ within: true } | { within: false; retryAfterSeconds: number }> {
  if (count <= 0) return { within: true };
  try {
    await getLimiters().staffRows.consume(key, count);
    return { within: true };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    countRateLimitRefusal(NAMES.staffRows);
    return { within: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
  }
}

/** Gives back records counted for a read that was then refused: nothing was read. */
export async function giveBackStaffRows(key: string, count: number): Promise<void> {
  if (count > 0) await getLimiters().staffRows.reward(key, count);
}

async function consume(limiter: Limiter, key: string): Promise<void> {
  try {
    await getLimiters()[limiter].consume(key);
  } catch (error) {
    // The limiters are shared by every bundle of this module (pages and route handlers each have one), so the refusal
    // may be another copy's RateLimiterRes: recognise it by its shape, not with instanceof.
    if (!isRefusal(error)) throw error;
    countRateLimitRefusal(NAMES[limiter]);
    throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
  }
}

function isRefusal(error: unknown): error is RateLimiterRes {
  return (
    typeof error === "object" &&
    error !== null &&
    !(error instanceof Error) &&
    typeof (error as RateLimiterRes).msBeforeNext === "number"
  );
}
