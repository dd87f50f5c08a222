import { BrokenCircuitError } from "cockatiel";
import { describe, expect, it } from "vitest";
import { PropertyApiError } from "@/lib/property-api";
import { RateLimitedError } from "@/lib/rate-limit";
import { fromUpstream, isUnavailable } from "./errors";

describe("what an upstream failure means to the person who asked", () => {
  it("an open circuit breaker is a 503 with Retry-After, also when it comes from another copy of cockatiel", () => {
    // Next.js bundles a package once per route: the breaker that threw may be another route's copy, so its error is
    // not an instance of the BrokenCircuitError this module imported.
    class OtherCopyBrokenCircuitError extends Error {
      readonly isBrokenCircuitError = true;
    }
    for (const error of [
      new BrokenCircuitError(),
      new OtherCopyBrokenCircuitError("Execution prevented because the circuit breaker is open"),
    ]) {
      const answer = fromUpstream(error);
      expect(answer.status).toBe(503);
      expect(answer.message).toMatch(/not answering right now/);
      expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("a spent allowance is a 429 with the seconds to wait, also from another copy of the rate-limit module", () => {
    const otherCopy = Object.assign(new Error("Too many requests. Try again in 7 seconds."), {
      name: "RateLimitedError",
      retryAfterSeconds: 7,
    });
    for (const error of [new RateLimitedError(7), otherCopy]) {
      const answer = fromUpstream(error);
      expect(answer.status).toBe(429);
      expect(answer.retryAfterSeconds).toBe(7);
    }
  });

  it("keeps the service's wording for a 404, and says a timeout and a 429 in words", () => {
    expect(
      fromUpstream(
        new PropertyApiError({
          operation: "propertySummary",
          status: 404,
          kind: "http",
          message: "No property was found",
        }),
      ).message,
    ).toBe("No property was found");
    const timeout = fromUpstream(
      new PropertyApiError({ operation: "propertySummary", status: 0, kind: "timeout", message: "" }),
    );
    expect(timeout.status).toBe(504);
    expect(timeout.message).toBe("The property data service took too long to answer. Please try again.");
    // The service's 429 is its own allowance, not the person's: they hear it is busy, and when to come back.
    const busy = fromUpstream(
      new PropertyApiError({ operation: "propertySummary", status: 429, kind: "http", message: "" }),
    );
    expect(busy.status).toBe(503);
    expect(busy.message).toBe("The property data service is busy. Please try again shortly.");
    expect(busy.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("rethrows anything that is not an upstream failure: a bug stays a bug", () => {
    expect(() => fromUpstream(new TypeError("x is undefined"))).toThrow(TypeError);
  });

  it("tells an unreachable database from a bug, through wrapped causes", () => {
    expect(
      isUnavailable(
        new Error("Failed query", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }),
      ),
    ).toBe(true);
    expect(isUnavailable(new Error("syntax error"))).toBe(false);
  });
});
