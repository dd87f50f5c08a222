import { describe, expect, it } from "vitest";
import { failedTooLong, nextAttemptAt, RETRY_WINDOW_SECONDS } from "./schedule";

const event = new Date("2026-11-01T00:00:00Z");
const after = (seconds: number) => new Date(event.getTime() + seconds * 1000);

describe("the webhooks' retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h and 10 h again", () => {
    let now = event;
    const waits: number[] = [];
    for (let attempts = 1; attempts <= 8; attempts++) {
      const next = nextAttemptAt(event, attempts, now)!;
      waits.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(waits).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 36_000]);
  });

  it("tries last at 3 days after the event, then gives up", () => {
    const late = after(RETRY_WINDOW_SECONDS - 3_600);
    expect(nextAttemptAt(event, 9, late)).toEqual(after(RETRY_WINDOW_SECONDS));
    expect(nextAttemptAt(event, 10, after(RETRY_WINDOW_SECONDS))).toBeNull();
  });

  it("scales the whole timeline for tests", () => {
    expect(nextAttemptAt(event, 2, event, 0.001)).toEqual(new Date(event.getTime() + 300));
    expect(nextAttemptAt(event, 2, after(RETRY_WINDOW_SECONDS * 0.001), 0.001)).toBeNull();
  });

  it("turns an endpoint off after 3 days of failures, not before", () => {
    expect(failedTooLong(event, after(2 * 86_400))).toBe(false);
    expect(failedTooLong(event, after(RETRY_WINDOW_SECONDS))).toBe(true);
  });
});
