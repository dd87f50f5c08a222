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

interface Limiters {
  user: RateLimiterAbstract;
  ip: RateLimiterAbstract;
  widgetIp: RateLimiterAbstract;
}

function create(redis: Redis | undefined): Limiters {
  const make = (keyPrefix: string, points: number) =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: 60, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: 60 }) })
      : new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  const prefix = `${env.CACHE_NAMESPACE}:rl`;
  return {
    user: make(`${prefix}:user`, env.RATE_LIMIT_USER_PER_MINUTE),
    ip: make(`${prefix}:ip`, env.RATE_LIMIT_IP_PER_MINUTE),
    widgetIp: make(`${prefix}:widget-ip`, env.WIDGET_RATE_LIMIT_IP_PER_MINUTE),
  };
}

const globalForLimits = globalThis as unknown as { rateLimiters?: Limiters };

/**
 * Spends one request of the caller's per-user and per-IP allowances (per minute); throws RateLimitedError with the
 * seconds to wait once either is used up. In memory by default, Redis when REDIS_URL is set.
 */
export async function spend(userId: number | undefined, ip: string, widget = false): Promise<void> {
  const limiters = (globalForLimits.rateLimiters ??= create(redisClient("rate limits")));
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

function isRefusal(error: unknown): error is RateLimiterRes {
  return typeof error === "object" && error !== null && !(error instanceof Error) && typeof (error as RateLimiterRes).msBeforeNext === "number";
}
