import { describe, expect, it, vi } from "vitest";
import type * as NextServer from "next/server";

// Metrics on for this file (lib/env reads the environment once, when first imported).
process.env.METRICS_TOKEN = "m".repeat(40);
const userFromRequest = vi.fn(async () => undefined);
vi.mock("@/lib/auth/session", () => ({ userFromRequest }));
vi.mock("next/server", async (original) => ({
  ...(await original<typeof NextServer>()),
  after: (work: () => unknown) => void Promise.resolve().then(work),
}));
const { route } = await import("./route");
const { appMetrics } = await import("@/lib/observability/metrics");

describe("route() for a machine holding a bearer secret", () => {
  let secret: string | undefined = "s".repeat(40);
  const handler = route(
    {
      roles: "public",
      bearer: { variable: "TEST_TOKEN", secret: () => secret },
      summary: "test",
      responses: { 200: null },
    },
    async () => new Response("ok"),
  );
  const get = (authorization?: string) =>
    handler(
      new Request("http://app.test/api/machine", { headers: authorization ? { Authorization: authorization } : {} }),
    );

  it("serves only the secret, refusing anything else with 401 and WWW-Authenticate", async () => {
    expect((await get(`Bearer ${secret}`)).status).toBe(200);
    expect((await get(`bearer   ${secret} `)).status).toBe(200);
    for (const wrong of [
      undefined,
      "Bearer",
      `Bearer ${secret}x`,
      `Bearer ${secret!.slice(1)}`,
      `Basic ${secret}`,
      "Bearer " + "s".repeat(400),
    ]) {
      const refused = await get(wrong);
      expect(refused.status, String(wrong)).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe("Bearer");
      expect((await refused.json()).error.code).toBe("unauthorized");
    }
  });

  it("reads no session: a machine is nobody's account", async () => {
    userFromRequest.mockClear();
    await get(`Bearer ${secret}`);
    expect(userFromRequest).not.toHaveBeenCalled();
  });

  it("is off (404) while the secret is unset, whatever is sent", async () => {
    const before = secret;
    secret = undefined;
    const off = await get(`Bearer ${before}`);
    expect(off.status).toBe(404);
    expect((await off.json()).error.message).toContain("TEST_TOKEN");
    secret = before;
  });
});

describe("route()'s request timing", () => {
  it("labels each request with its route's pattern, never the values in its path", async () => {
    const byId = route(
      { roles: "public", summary: "test", responses: { 200: null } },
      async () => new Response(null, { status: 204 }),
    );
    await byId(new Request("http://app.test/api/things/12345/parts"), {
      params: Promise.resolve({ thingId: "12345" }),
    });
    const { values } = await appMetrics()!.requestDuration.get();
    const counted = values.filter((v) => v.metricName === "http_request_duration_seconds_count").map((v) => v.labels);
    expect(counted).toContainEqual({ method: "GET", route: "/api/things/[thingId]/parts", status: "204" });
    expect(JSON.stringify(values)).not.toContain("12345");
    // A route without dynamic segments: Next.js passes a context without params.
    await byId(new Request("http://app.test/api/plain"), {} as never);
    await byId(new Request("http://app.test/api/plain"));
    const again = await appMetrics()!.requestDuration.get();
    expect(again.values).toContainEqual(
      expect.objectContaining({
        metricName: "http_request_duration_seconds_count",
        value: 2,
        labels: { method: "GET", route: "/api/plain", status: "204" },
      }),
    );
  });
});
