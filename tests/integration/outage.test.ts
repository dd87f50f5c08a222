import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";
import type { AppInfo } from "./setup";
import { call, signIn, unique, type Reply } from "./client";
import { freePort, startNext, tcpProxy, waitFor, type TcpProxy } from "./processes";

const { DATABASE_URL, REDIS_URL } = process.env;

/** Asks until the answer has the status, for up to 30 s; returns the last answer. */
async function until(status: number, ask: () => Promise<Reply>): Promise<Reply> {
  const deadline = Date.now() + 30_000;
  let reply = await ask();
  while (reply.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    reply = await ask();
  }
  return reply;
}

/**
 * The production configuration with PostgreSQL and Redis reached through relays the test can cut: the services go
 * away in the middle of a run and come back, and the app is not restarted.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)("PostgreSQL and Redis going away while the app runs", () => {
  let dataDir: string;
  let postgres: TcpProxy;
  let redis: TcpProxy;
  let child: ChildProcess;
  let app: AppInfo;
  let homeowner: string;
  let officer: string;

  // The folder is made when the suite runs: collecting a skipped suite leaves nothing behind.
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "outage-"));
    const database = new URL(DATABASE_URL!);
    const cache = new URL(REDIS_URL!);
    postgres = await tcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    redis = await tcpProxy({ host: cache.hostname, port: Number(cache.port || 6379) });
    database.host = `127.0.0.1:${postgres.port}`;
    cache.host = `127.0.0.1:${redis.port}`;
    const port = await freePort();
    // The run's database already holds the demo staff, enrolled by the shared embedded app: its passkeys sign them in
    // here.
    const { passkeys } = inject("apps").embedded;
    app = {
      name: "embedded",
      url: `http://127.0.0.1:${port}`,
      admin: { email: "", password: "" },
      userLimitPerMinute: 0,
      dataDir,
      passkeys,
    };
    child = startNext(port, {
      NEXTAUTH_URL: app.url,
      DATA_DIR: dataDir,
      PROPERTY_API_BASE_URL: "",
      DATABASE_URL: database.href,
      REDIS_URL: cache.href,
      CACHE_NAMESPACE: `outage-${unique()}`,
    });
    await waitFor(`${app.url}/api/health`, child, "app");
    homeowner = await signIn(app, "homeowner@example.com", "homeowner-demo");
    officer = await signIn(app, "officer@example.com", "officer-demo");
    expect((await call(app, "GET", "/api/owner-data", { cookie: homeowner })).status).toBe(200);
  });

  afterAll(async () => {
    child.kill("SIGTERM");
    await Promise.all([postgres.close(), redis.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("PostgreSQL stops: cached answers go on, what needs the database is a 503 with a message and Retry-After, readiness says why; it recovers by itself", async () => {
    await postgres.cut();
    try {
      await whileDatabaseIsDown();
    } finally {
      await postgres.restore();
    }
    expect((await until(200, () => call(app, "GET", "/api/owner-data", { cookie: homeowner }))).status).toBe(200);
    // Readiness follows once its pool has reconnected too (within the same 30 s).
    expect((await until(200, () => call(app, "GET", "/api/health?deep=1"))).status).toBe(200);
  });

  async function whileDatabaseIsDown() {
    // What the cache holds is still answered: the session's user and the owner data were read before the outage.
    const started = Date.now();
    const cached = await call(app, "GET", "/api/owner-data", { cookie: homeowner });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(cached.status).toBe(200);
    // What needs the database says so, quickly, with when to try again.
    const signUp = await call(app, "POST", "/api/signup", {
      body: { email: `outage-${unique()}@example.com`, password: "a-long-password" },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(signUp.status).toBe(503);
    expect(signUp.body.error.message).toMatch(/database is not answering/i);
    expect(Number(signUp.headers.get("retry-after"))).toBeGreaterThan(0);
    const health = await call(app, "GET", "/api/health?deep=1");
    expect(health.status).toBe(503);
    expect(health.body.checks.database).not.toBe("ok");
    // A page cannot choose its status in the App Router (an error is a 500); it carries the digest from which the
    // error page says that the database is down (components/ui/page-error.test.tsx). The lookup page reads the
    // officer's recent lookups from the database.
    const page = await fetch(`${app.url}/lookup`, { headers: { cookie: officer } });
    expect(page.status).toBe(500);
    expect((await page.text()).includes(`\\"digest\\":\\"${UNAVAILABLE_DIGEST}\\"`)).toBe(true);
  }

  it("Redis stops: answers keep coming (uncached), readiness says the cache is down; it recovers by itself", async () => {
    await redis.cut();
    try {
      await whileCacheIsDown();
    } finally {
      await redis.restore();
    }
    expect((await until(200, () => call(app, "GET", "/api/health?deep=1"))).body.checks.cache).toBe("ok");
  });

  async function whileCacheIsDown() {
    const started = Date.now();
    const during = await call(app, "GET", "/api/owner-data", { cookie: homeowner });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(during.status).toBe(200);
    expect(during.body.properties.length).toBeGreaterThan(0);
    const health = await call(app, "GET", "/api/health?deep=1");
    expect(health.status).toBe(503);
    expect(health.body.checks.cache).not.toBe("ok");
    expect(health.body.checks.database).toBe("ok");
  }
});
