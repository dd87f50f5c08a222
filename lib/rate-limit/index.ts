import "server-only";
import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { redisClient } from "@/lib/cache";
import { env } from "@/lib/env";

export class RateLimitedError extends Error {
  override readonly name = "RateLimitedError";

  /** True for a RateLimitedError from any copy of this module (pages and route handlers each bundle their own). */
  static is(error: unknown): error is RateLimitedError {
    return error instanceof Error && error.name === "RateLimitedError" && typeof (error as RateLimitedError).retryAfterSeconds === "number";
  }

  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`);
  }
}

/** What strangers may make the app do, per hour: create accounts (per IP), send reset mail (per IP, per email). */
export type AccountLimit = "signup" | "resetIp" | "resetEmail" | "passkeyOptions";

type Limiters = Record<"user" | "ip" | "widgetIp" | AccountLimit, RateLimiterAbstract>;

function create(redis: Redis | undefined): Limiters {
  const make = (name: string, points: number, duration = 60) => {
    const keyPrefix = `${env.CACHE_NAMESPACE}:rl:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: memory }) : memory;
  };
  return {
    user: make("user", env.RATE_LIMIT_USER_PER_MINUTE),
    ip: make("ip", env.RATE_LIMIT_IP_PER_MINUTE),
    widgetIp: make("widget-ip", env.WIDGET_RATE_LIMIT_IP_PER_MINUTE),
    signup: make("signup", env.RATE_LIMIT_SIGNUP_PER_HOUR, 3600),
    resetIp: make("reset-ip", 10, 3600),
    resetEmail: make("reset-email", 3, 3600),
    passkeyOptions: make("passkey-options", 30, 60),
  };
}

const globalForLimits = globalThis as unknown as { rateLimiters?: Limiters };

/**
 * Spends one request of the caller's per-user and per-IP allowances (per minute); throws RateLimitedError with the
 * seconds to wait once either is used up. In memory by default, Redis when REDIS_URL is set.
 */
export async function spend(userId: number | undefined, ip: string, widget = false): Promise<void> {
  const limiters = getLimiters();
  try {
    await (widget ? limiters.widgetIp : limiters.ip).consume(ip);
    if (userId !== undefined) await limiters.user.consume(String(userId));
  } catch (error) {
    // The limiters are shared by every bundle of this module (pages and route handlers each have one), so the refusal
    // may be another copy's RateLimiterRes: recognise it by its shape, not with instanceof.
    if (isRefusal(error)) throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

const getLimiters = () => (globalForLimits.rateLimiters ??= create(redisClient("rate limits")));

/** Spends one of an account limit's points for a key; throws RateLimitedError once they are used up. */
export async function limitAccount(limit: AccountLimit, key: string): Promise<void> {
  try {
    await getLimiters()[limit].consume(key);
  } catch (error) {
    if (isRefusal(error)) throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

function isRefusal(error: unknown): error is RateLimiterRes {
  return typeof error === "object" && error !== null && !(error instanceof Error) && typeof (error as RateLimiterRes).msBeforeNext === "number";
}
