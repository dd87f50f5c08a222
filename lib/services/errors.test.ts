import { globSync, readFileSync } from "node:fs";
import { BrokenCircuitError } from "cockatiel";
import { describe, expect, it } from "vitest";
import { PropertyApiError } from "@/lib/property-api";
import { RateLimitedError } from "@/lib/rate-limit";
import { AppError, ERROR_STATUS, fromUpstream, isUnavailable } from "./errors";

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
      expect(answer.retryAfter).toBeGreaterThan(0);
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
      expect(answer.retryAfter).toBe(7);
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
    expect(busy.retryAfter).toBeGreaterThan(0);
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

describe("error codes", () => {
  it("a code comes with its one status, and the API's codes are snake_case", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(new AppError({ code: code as keyof typeof ERROR_STATUS, message: "m" }).status).toBe(status);
    }
    const error = new AppError({ code: "rate_limited", message: "Wait.", retryAfter: 7 });
    expect({ status: error.status, retryAfter: error.retryAfter, fields: error.fields }).toEqual({
      status: 429,
      retryAfter: 7,
      fields: undefined,
    });
  });

  it("the activity log's refusal reasons written in the code are snake_case codes, like the API's", () => {
    const files = globSync(["lib/**/*.ts", "app/**/*.ts"], { exclude: ["**/*.test.ts", "lib/webhooks/schemas.ts"] });
    const reasons = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\breason: "([^"]*)"/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(reasons.length).toBeGreaterThan(20);
    expect(reasons.filter((r) => !/: [a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(r))).toEqual([]);
  });
});
