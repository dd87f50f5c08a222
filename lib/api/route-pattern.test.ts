import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern";

describe("routePattern", () => {
  it("names a static route by its path", () => {
    expect(routePattern("/api/property/summary")).toBe("/api/property/summary");
    expect(routePattern("/api/health", {})).toBe("/api/health");
  });

  it("names a route reached by an encoded spelling of its path as the route itself (no label per spelling)", () => {
    expect(routePattern("/api/%68ealth")).toBe("/api/health");
    expect(routePattern("/api/h%65alth", {})).toBe("/api/health");
    expect(routePattern("/api/%61dmin/users/42/sessions", { userId: "42" })).toBe("/api/admin/users/[userId]/sessions");
  });

  it("puts each dynamic segment's name where its value was", () => {
    expect(routePattern("/api/admin/users/42/sessions", { userId: "42" })).toBe("/api/admin/users/[userId]/sessions");
    expect(routePattern("/api/owner-figures/7", { propertyId: "7" })).toBe("/api/owner-figures/[propertyId]");
    expect(routePattern("/api/account/passkeys/a%20b", { passkeyId: "a b" })).toBe("/api/account/passkeys/[passkeyId]");
  });

  it("never keeps a value, even one that equals a fixed segment of its route", () => {
    expect(routePattern("/api/clients/refresh/refresh", { clientId: "refresh" })).toBe(
      "/api/clients/[clientId]/[clientId]",
    );
    expect(routePattern("/api/auth/callback/credentials", { nextauth: ["callback", "credentials"] })).toBe(
      "/api/auth/[...nextauth]",
    );
  });
});
