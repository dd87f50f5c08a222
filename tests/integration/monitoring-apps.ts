import type { ChildProcess } from "node:child_process";
import type { AppInfo } from "./setup";
import { call } from "./client";
import { freePort, startNext, waitFor } from "./processes";

// What monitoring.test.ts and monitoring-postgres.test.ts share: apps of their own with the demo portfolio, and
// reading their refresh budget and jobs.

/** The demo officer's portfolio, seeded at start on the embedded defaults. */
export const DEMO_CLIENTS = 50;
export const ADMIN = { email: "admin@example.com", password: "admin-demo" };

export const until = async (check: () => Promise<boolean>, what: string, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

export async function startApp(
  env: Record<string, string>,
): Promise<{ app: AppInfo; child: ChildProcess; env: Record<string, string> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const full: Record<string, string> = {
    NEXTAUTH_URL: url,
    PROPERTY_API_BASE_URL: "",
    REDIS_URL: "",
    RATE_LIMIT_USER_PER_MINUTE: "1000",
    ...env,
  };
  const child = startNext(port, full);
  await waitFor(`${url}/api/health`, child, `app on ${port}`);
  return {
    app: {
      name: "embedded",
      url,
      admin: ADMIN,
      userLimitPerMinute: 1000,
      dataDir: full.DATA_DIR,
      authSecret: full.NEXTAUTH_SECRET,
    },
    child,
    env: full,
  };
}

export const budgetOf = async (app: AppInfo, admin: string) =>
  (await call(app, "GET", "/api/admin/refresh-budget", { cookie: admin })).body;

/** Home equity summaries the embedded service itself has answered (its own counter, not the app's budget). */
export const serviceCalls = async (app: AppInfo, admin: string): Promise<number> =>
  (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService.homeEquitySummary ?? 0;

/**
 * Whether every refresh run queued so far has ended, and every client refresh it queued with it: how many runs ended
 * (`runs`), and none waits or runs.
 */
export async function refreshesSettled(app: AppInfo, admin: string, runs: number): Promise<boolean> {
  const queues = (await call(app, "GET", "/api/admin/jobs", { cookie: admin })).body.queues as {
    name: string;
    state: string;
    count: number;
  }[];
  const count = (name: string, states: string[]) =>
    queues.filter((q) => q.name === name && states.includes(q.state)).reduce((sum, q) => sum + q.count, 0);
  return (
    count("client-refreshes", ["completed"]) === runs &&
    count("client-refreshes", ["created", "retry", "active"]) === 0 &&
    count("client-refresh", ["created", "retry", "active"]) === 0
  );
}
