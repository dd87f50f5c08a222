/**
 * When a failed delivery is tried again: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, for 3 days from the event;
 * the last try lands on the 3-day mark itself. `scale` shrinks the whole timeline (WEBHOOKS_RETRY_SCALE, for tests).
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000] as const;
export const RETRY_WINDOW_SECONDS = 3 * 86_400;

/** The wait after the `attempts`-th attempt failed (1 = the first). */
export function retryDelaySeconds(attempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1]!;
}

/**
 * When to try again after the `attempts`-th attempt failed at `now`, or null once the event's 3 days are spent. A
 * delay that would pass the deadline is cut to it, so the last try is at 3 days, not hours before.
 */
export function nextAttemptAt(eventAt: Date, attempts: number, now: Date, scale = 1): Date | null {
  const deadline = eventAt.getTime() + RETRY_WINDOW_SECONDS * 1000 * scale;
  if (now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + retryDelaySeconds(attempts) * 1000 * scale, deadline));
}

/**
 * Whether an endpoint failing since `failingSince` (its first failure) has failed for the whole window, then it is
 * turned off. Its first event's last try comes 3 days after the event, a little less after that first failure (the
 * time the first attempt waited in the queue): five minutes of slack.
 */
export const failedTooLong = (failingSince: Date, now: Date, scale = 1) =>
  now.getTime() - failingSince.getTime() >= (RETRY_WINDOW_SECONDS - 300) * 1000 * scale;
