/** How long before disposal an unused account is warned by email. */
export const WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** What the daily housekeeping does with one homeowner account, given when it was last used (see `retentionStep`). */
export type RetentionStep = "keep" | "warn" | "dispose" | "withdraw_warning";

/**
 * The disposal rule, on its own so it can be tested without a database. An account is used when its owner signs in or
 * we mail them; after `days` without either it is deleted, but only once a warning went out at least WARNING_DAYS
 * before (so a job that did not run for a while never deletes without notice). Mail sent after the warning counts as
 * use, and withdraws it; a sign-in clears the warning where it happens (see startSession).
 */
export function retentionStep(
  account: { lastUse: Date; warnedAt: Date | null },
  now: Date,
  days: number,
): RetentionStep {
  const idleMs = now.getTime() - account.lastUse.getTime();
  if (account.warnedAt) {
    if (account.lastUse.getTime() > account.warnedAt.getTime()) return "withdraw_warning";
    const noticeMs = now.getTime() - account.warnedAt.getTime();
    return idleMs >= days * DAY_MS && noticeMs >= WARNING_DAYS * DAY_MS ? "dispose" : "keep";
  }
  return idleMs >= (days - WARNING_DAYS) * DAY_MS ? "warn" : "keep";
}

/**
 * The day a warned account will be deleted, for the warning's words: `days` after its last use, and never sooner than
 * the notice.
 */
export function disposalDate(lastUse: Date, now: Date, days: number): Date {
  return new Date(Math.max(lastUse.getTime() + days * DAY_MS, now.getTime() + WARNING_DAYS * DAY_MS));
}
