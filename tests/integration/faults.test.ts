import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, houses, signIn, unique } from "./client";

/** The app on the standalone service over HTTP, with faults switched on in that service. */
describe("when the service misbehaves", () => {
  const { http: app, sandbox } = inject("apps");
  let admin: string;
  let officer: string;
  const faults = (config: unknown) =>
    fetch(`${sandbox.url}/_sandbox/faults`, {
      method: config ? "PUT" : "DELETE",
      headers: { Authorization: sandbox.token },
      body: config ? JSON.stringify(config) : undefined,
    });

  const newOfficer = async () => {
    const email = `faults-${unique()}@example.com`;
    await call(app, "POST", "/api/admin/users", {
      cookie: admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    return signIn(app, email, "officer-password");
  };

  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await newOfficer();
  });
  afterAll(() => faults(null));

  const cases = [
    { kind: "5xx", status: 502 },
    { kind: "malformed", status: 502 },
    { kind: "timeout", status: 504 },
    { kind: "429", status: 503 },
  ] as const;

  it.each(cases)("$kind with nothing cached: a clear $status, never a 500", async ({ kind, status }) => {
    const [address] = houses(300 + cases.findIndex((c) => c.kind === kind), 1);
    await faults({ rate: 1, kinds: [kind], latencyMs: 200 });
    const reply = await call(app, "POST", "/api/avm", { cookie: officer, body: { address } });
    await faults(null);
    expect(reply.status).toBe(status);
    expect(reply.body.error.message).toMatch(/property data service/i);
    if (status === 503) expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("serves the cached answer marked stale once it is past its freshness and the service fails", async () => {
    // This app keeps verification answers fresh for one second.
    const [address] = houses(310, 1);
    const body = { firstName: "Pat", lastName: "Doe", address };
    const fresh = await call(app, "POST", "/api/homeowner/verify", { cookie: officer, body });
    expect(fresh.status).toBe(200);
    expect(fresh.body.stale).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await faults({ rate: 1, kinds: ["5xx"] });
    const during = await call(app, "POST", "/api/homeowner/verify", { cookie: officer, body });
    await faults(null);
    expect(during.status).toBe(200);
    expect(during.body).toEqual({ ...fresh.body, stale: true });
  });

  it("rate-limits a user who keeps reaching the service: 429 with Retry-After", async () => {
    // The http app allows 40 upstream-reaching requests per user per minute; cached answers do not count. A fresh
    // officer, whose whole allowance is there: every one of the 40 is served (a limiter that refuses everything fails
    // here), and only the requests past it are refused.
    const cookie = await newOfficer();
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (const address of houses(400, app.userLimitPerMinute + 2)) {
      const reply = await call(app, "GET", `/api/property/summary?address=${encodeURIComponent(address)}`, { cookie });
      statuses.push(reply.status);
      retryAfter.push(reply.headers.get("retry-after"));
    }
    expect(statuses).toEqual([...Array(app.userLimitPerMinute).fill(200), 429, 429]);
    expect(Number(retryAfter.at(-1))).toBeGreaterThan(0);
  });
});
