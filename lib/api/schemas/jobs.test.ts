import { afterEach, describe, expect, it, vi } from "vitest";
import { digestMonths, JobRunBody } from "./jobs";

describe("the month an admin runs the digests for", () => {
  afterEach(() => vi.useRealTimers());

  it("is this month or the previous one, across a year's end", () => {
    expect(digestMonths(new Date("2027-01-03T00:00:00Z"))).toEqual(["2027-01", "2026-12"]);
    expect(digestMonths(new Date("2026-03-31T23:59:59Z"))).toEqual(["2026-03", "2026-02"]);
  });

  it("refuses any other month with 400's reason, naming the months it takes", () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z"), toFake: ["Date"] });
    expect(JobRunBody.parse({ name: "homeowner-digests", period: "2026-11" }).period).toBe("2026-11");
    expect(JobRunBody.parse({ name: "homeowner-digests", period: "2026-10" }).period).toBe("2026-10");
    for (const period of ["2026-09", "2026-12", "2019-11", "2030-01"]) {
      const issue = JobRunBody.safeParse({ name: "homeowner-digests", period }).error?.issues[0];
      expect(issue?.path, period).toEqual(["period"]);
      expect(issue?.message).toBe("period must be this month or the previous one (2026-11 or 2026-10)");
    }
    expect(JobRunBody.parse({ name: "homeowner-digests" }).period).toBeUndefined();
  });
});
