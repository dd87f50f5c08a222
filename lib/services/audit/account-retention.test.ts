import { describe, expect, it } from "vitest";
import { disposalDate, retentionStep, WARNING_DAYS } from "./account-retention";

const DAY = 86_400_000;
const now = new Date("2030-06-01T03:17:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("retentionStep", () => {
  it("keeps an account used within the retention period less the notice", () => {
    expect(retentionStep({ lastUse: daysAgo(10), warnedAt: null }, now, 730)).toBe("keep");
    expect(retentionStep({ lastUse: daysAgo(730 - WARNING_DAYS - 1), warnedAt: null }, now, 730)).toBe("keep");
  });

  it("warns once the account is within the notice of its disposal", () => {
    expect(retentionStep({ lastUse: daysAgo(730 - WARNING_DAYS), warnedAt: null }, now, 730)).toBe("warn");
    // Long unused and never warned (the job was off): warned first, never deleted at once.
    expect(retentionStep({ lastUse: daysAgo(2000), warnedAt: null }, now, 730)).toBe("warn");
  });

  it("deletes only after the full period and the full notice", () => {
    expect(retentionStep({ lastUse: daysAgo(731), warnedAt: daysAgo(WARNING_DAYS) }, now, 730)).toBe("dispose");
    // The period is up but the notice is not: it waits.
    expect(retentionStep({ lastUse: daysAgo(900), warnedAt: daysAgo(WARNING_DAYS - 1) }, now, 730)).toBe("keep");
    // The notice is up but the period is not (RETENTION_DAYS was raised after the warning): it waits.
    expect(retentionStep({ lastUse: daysAgo(729), warnedAt: daysAgo(40) }, now, 730)).toBe("keep");
  });

  it("withdraws a warning when the account was used after it", () => {
    expect(retentionStep({ lastUse: daysAgo(1), warnedAt: daysAgo(20) }, now, 730)).toBe("withdraw_warning");
  });
});

describe("disposalDate", () => {
  it("is the end of the period, or the end of the notice when that is later", () => {
    expect(disposalDate(daysAgo(700), now, 730).getTime()).toBe(now.getTime() + 30 * DAY);
    expect(disposalDate(daysAgo(2000), now, 730).getTime()).toBe(now.getTime() + WARNING_DAYS * DAY);
    expect(disposalDate(daysAgo(690), now, 730).getTime()).toBe(now.getTime() + 40 * DAY);
  });
});
