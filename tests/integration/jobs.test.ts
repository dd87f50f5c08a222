import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppInfo } from "./setup";
import { call, signIn } from "./client";
import { startOwnApp } from "./processes";

const DEMO_HOME = "3901 Wallingford Ave N, Seattle, WA 98103";

/**
 * An app of its own on the embedded defaults (PGlite in a fresh folder): moving the embedded clock changes what every
 * other test's app would answer, so it is moved here only.
 */
describe("the job engine and the embedded clock, on the embedded defaults", () => {
  let stop: (() => Promise<void>) | undefined;
  let app: AppInfo;
  let admin: string;
  let officer: string;

  beforeAll(async () => {
    ({ app, stop } = await startOwnApp("jobs", { RATE_LIMIT_USER_PER_MINUTE: "1000" }));
    admin = await signIn(app, "admin@example.com", "admin-demo");
    officer = await signIn(app, "officer@example.com", "officer-demo");
  });

  afterAll(async () => {
    await stop?.();
  });

  it("lists jobs for admins, with nothing failed on a fresh install", async () => {
    const reply = await call(app, "GET", "/api/admin/jobs", { cookie: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.failed).toEqual([]);
    expect(
      (await call(app, "POST", "/api/admin/jobs/retry", { cookie: admin, body: { name: "housekeeping", id: "nope" } }))
        .body.error.fields,
    ).toEqual({
      id: "id must be a job id",
    });
  });

  it("moves the embedded service a month forward: the estimate's date and value change at once, for admins only", async () => {
    const before = await call(app, "POST", "/api/avm", { cookie: officer, body: { address: DEMO_HOME } });
    expect(before.status).toBe(200);
    expect((await call(app, "GET", "/api/admin/embedded-clock", { cookie: admin })).body).toEqual({
      months: 0,
      date: "2026-11-01",
    });

    expect((await call(app, "POST", "/api/admin/embedded-clock", { cookie: officer })).status).toBe(403);
    const moved = await call(app, "POST", "/api/admin/embedded-clock", { cookie: admin });
    expect(moved.body).toEqual({ months: 1, date: "2026-12-01" });
    // The activity log says who moved it.
    const logged = await call(app, "GET", "/api/admin/audit?action=clock.advance", { cookie: admin });
    expect(logged.body.events[0]).toMatchObject({
      action: "clock.advance",
      outcome: "allowed",
      actor: { email: app.admin.email },
      detail: { months: 1 },
    });

    // Last month's cached answer is gone: the next estimate is the service's new one.
    const after = await call(app, "POST", "/api/avm", { cookie: officer, body: { address: DEMO_HOME } });
    expect(after.status).toBe(200);
    expect(after.body.eventDate).toBe("2026-12-01");
    expect(after.body.value).not.toBe(before.body.value);
    expect(before.body.eventDate).toBe("2026-11-01");
  });
});
