import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { createSandboxHandler } from "@/lib/sandbox";
import { toNodeHandler } from "@/lib/sandbox/node-adapter";
import type { AppInfo } from "./setup";
import { call, deedName, houses, invitedHomeowner, signIn, unique } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";

/**
 * The app's own processes, stopped and started by the tests: killed in the middle of onboarding, and asked to shut
 * down while a request is still running. Each test keeps the data folder (or the PostgreSQL of DATABASE_URL) across
 * restarts, the way a real deployment does.
 */

const run = unique();

/** The owner tokens the service holds for an address (PGlite answers `{ rows }`, postgres-js an array). */
async function ownersAt(db: DatabaseHandle["db"], address: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select owner_token from sandbox.owners where address = ${address}`,
  )) as unknown as { owner_token: string }[] | { rows: { owner_token: string }[] };
  return (Array.isArray(result) ? result : result.rows).map((row) => row.owner_token);
}

const street = (address: string) => address.split(",")[0]!;
const streetsOf = (ownerData: { properties: { facts: { address: string } }[] }) =>
  ownerData.properties.map((p) => street(p.facts.address));

const until = async (check: () => Promise<boolean>, what: string, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

async function newHomeowner(app: AppInfo, name: string): Promise<{ cookie: string; email: string }> {
  const email = `${name.toLowerCase()}-${run}@example.com`;
  const signUp = await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } });
  expect(signUp.status).toBe(201);
  return { email, cookie: await signIn(app, email, "a-good-long-password") };
}

/** One app process after another on the same port, data and secret, as a supervisor would restart it. */
function appProcess(env: Record<string, string>) {
  let child: ChildProcess | undefined;
  let port = 0;
  const admin = { email: `admin-${run}@example.com`, password: `admin-password-${run}` };
  // On a real upstream (production) mail goes to the run's SMTP server, whose copies latestMail reads.
  const mailDir = env.SMTP_URL ? inject("apps").smtp.dir : undefined;
  const app: AppInfo = {
    name: env.PROPERTY_API_BASE_URL ? "http" : "embedded",
    url: "",
    admin,
    userLimitPerMinute: 0,
    mailDir,
  };
  return {
    app,
    get child() {
      return child!;
    },
    async start() {
      port ||= await freePort();
      app.url = `http://127.0.0.1:${port}`;
      child = startNext(port, {
        NEXTAUTH_URL: app.url,
        NEXTAUTH_SECRET: `secret-${run}`,
        CACHE_NAMESPACE: `life-${run}`,
        BOOTSTRAP_ADMIN_EMAIL: admin.email,
        BOOTSTRAP_ADMIN_PASSWORD: admin.password,
        ...env,
      });
      await waitFor(`${app.url}/api/health`, child, "app");
    },
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      child?.kill(signal);
      if (child) await exited(child);
    },
  };
}

/** The embedded service on a port of this test's own, with a hook between its answer and its reply, and faults. */
async function ownService() {
  const token = `life-token-${unique()}`;
  const database = await openDatabase({ dataDir: "memory://" });
  const handler = createSandboxHandler({ token, db: async () => database.db });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const hooks: { beforeReply?: (path: string) => Promise<void> } = {};
  const serve = toNodeHandler(async (request) => {
    const response = await handler(request);
    await hooks.beforeReply?.(new URL(request.url).pathname);
    return response;
  }, url);
  const server: Server = createServer(serve).listen(port, "127.0.0.1");
  return {
    url,
    token,
    db: database.db,
    /** Runs after the service has answered an operation and before the answer is sent back. */
    hooks,
    faults: (config: unknown) =>
      fetch(`${url}/_sandbox/faults`, {
        method: config ? "PUT" : "DELETE",
        headers: { Authorization: token },
        body: config ? JSON.stringify(config) : undefined,
      }),
    close: async () => {
      server.close();
      await database.close();
    },
  };
}

/** For a describe block: the app on a service of the test's own, with a data folder; cleaned up after the block. */
function appOnOwnService(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "lifecycle-"));
  const handle = {} as { service: Awaited<ReturnType<typeof ownService>>; proc: ReturnType<typeof appProcess> };
  beforeAll(async () => {
    handle.service = await ownService();
    handle.proc = appProcess({
      DATA_DIR: dataDir,
      // A real upstream is production: not the embedded apps' database, whose demo accounts it would refuse.
      DATABASE_URL: inject("apps").upstreamDatabaseUrl,
      PROPERTY_API_BASE_URL: handle.service.url,
      PROPERTY_API_TOKEN: handle.service.token,
      SMTP_URL: inject("apps").smtp.url,
      ...env,
    });
    await handle.proc.start();
  });
  afterAll(async () => {
    await handle.proc.kill("SIGTERM");
    await handle.service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

describe("the app restarted in the middle of onboarding (a service over HTTP)", () => {
  const ctx = appOnOwnService({ PROPERTY_API_TIMEOUT_MS: "8000", SHUTDOWN_DELAY_SECONDS: "1" });

  it("killed after the service created the owner and before the app linked it: the retry links that owner, no second one", async () => {
    const { app } = ctx.proc;
    const lastName = `Restart${run}`;
    const { cookie, email } = await newHomeowner(app, lastName);
    const address = houses(820, 1)[0]!;
    const body = { ...deedName(address), address };

    ctx.service.hooks.beforeReply = async (path) => {
      if (path === "/create-owner") await ctx.proc.kill("SIGKILL");
    };
    await expect(call(app, "POST", "/api/owners", { cookie, body })).rejects.toThrow();
    ctx.service.hooks.beforeReply = undefined;
    const created = await ownersAt(ctx.service.db, address);
    expect(created).toHaveLength(1);

    await ctx.proc.start();
    // The account survived the crash, and the session it had still works.
    expect((await call(app, "GET", "/api/owner-data", { cookie })).body.error.code).toBe("no_owner");
    expect(await signIn(app, email, "a-good-long-password")).toMatch(/^next-auth/);

    const retry = await call(app, "POST", "/api/owners", { cookie, body });
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ verified: false, created: true });
    expect(await ownersAt(ctx.service.db, address)).toEqual(created);

    const dashboard = await call(app, "GET", "/api/owner-data", { cookie });
    expect(dashboard.status).toBe(200);
    expect(streetsOf(dashboard.body)).toContain(street(address));
  });

  it("stops as an orchestrator expects: readiness 503 at SIGTERM, serving on for the delay, the request in flight answered, exit 0", async () => {
    const { app } = ctx.proc;
    const lastName = `Shutdown${run}`;
    const { cookie } = await newHomeowner(app, lastName);
    const address = houses(821, 1)[0]!;
    ctx.service.hooks.beforeReply = async (path) => {
      if (path === "/create-owner") await new Promise((resolve) => setTimeout(resolve, 3500));
    };
    const inFlight = call(app, "POST", "/api/owners", { cookie, body: { ...deedName(address), address } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(`${app.url}/api/health?deep=1`)).status).toBe(200);
    const exit = exited(ctx.proc.child);
    const signalled = Date.now();
    ctx.proc.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));

    // At once: readiness says draining (a load balancer stops sending requests); the server still serves meanwhile.
    const readiness = await fetch(`${app.url}/api/health?deep=1`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: "draining" });
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

    // After SHUTDOWN_DELAY_SECONDS (1 here): no new connections, while the request in flight goes on.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signalled + 1_500 - Date.now())));
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
    expect(ctx.proc.child.exitCode).toBeNull();

    const answer = await inFlight;
    ctx.service.hooks.beforeReply = undefined;
    expect(answer.status).toBe(201);
    expect(await exit).toBe(0);

    // What it wrote while shutting down is there after the restart.
    await ctx.proc.start();
    expect((await call(app, "GET", "/api/owner-data", { cookie })).status).toBe(200);
  });
});

/**
 * With DATABASE_URL, a PostgreSQL database of the block's own, made before its app starts and dropped after; ""
 * without.
 */
function ownDatabase(name: string): string {
  const server = process.env.DATABASE_URL;
  if (!server) return "";
  const url = new URL(server);
  url.pathname = `/${name}`;
  const onServer = async (statement: string) => {
    const db = postgres(server, { max: 1, onnotice: () => {} });
    await db.unsafe(statement);
    await db.end();
  };
  beforeAll(() => onServer(`create database ${name}`));
  afterAll(() => onServer(`drop database if exists ${name} with (force)`));
  return url.href;
}

describe("a scheduled refresh cut off by SIGKILL (a service over HTTP)", () => {
  // A database of its own: "Run now" refreshes every client in it, and this test's officer has the only one. The call
  // may take a minute, so the refresh is still running, slowly, when the process is killed.
  // Its heartbeat and supervisor as short as pg-boss allows (10 s, looked at every 2 s): what the test waits for is
  // one heartbeat's age and a supervisor's pass after it.
  const heartbeat = { seconds: 10, superviseSeconds: 2 };
  const ctx = appOnOwnService({
    DATABASE_URL: ownDatabase(`lifecycle_kill_${run}`),
    PROPERTY_API_TIMEOUT_MS: "60000",
    JOB_HEARTBEAT_SECONDS: String(heartbeat.seconds),
    JOB_SUPERVISE_SECONDS: String(heartbeat.superviseSeconds),
  });

  it(
    "is taken up again within a minute or so, while a slow one that is alive is left to run",
    { timeout: 240_000 },
    async () => {
      const { app } = ctx.proc;
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const officerEmail = `officer-kill-${run}@example.com`;
      const created = await call(app, "POST", "/api/admin/users", {
        cookie: admin,
        body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
      });
      expect(created.status).toBe(201);
      const officer = await signIn(app, officerEmail, "officer-password");
      const address = houses(850, 1)[0]!;
      expect(
        (await call(app, "POST", "/api/clients", { cookie: officer, body: { ...deedName(address), address } })).status,
      ).toBe(201);

      // The service answers the first equity summary only when the test says so: the refresh waits on it.
      let calls = 0;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      ctx.service.hooks.beforeReply = async (path) => {
        if (path === "/home-equity-summary" && ++calls === 1) await held;
      };
      try {
        expect(
          (await call(app, "POST", "/api/admin/jobs/run", { cookie: admin, body: { name: "client-refreshes" } }))
            .status,
        ).toBe(202);
        await until(async () => calls === 1, "the refresh's call", 30_000);

        // Longer than the refresh's heartbeat and two supervisor's passes after it: alive, it is neither failed nor
        // retried. (Nothing happening has no event to wait for: the time is the settings' own.)
        await new Promise((resolve) =>
          setTimeout(resolve, (heartbeat.seconds + 2 * heartbeat.superviseSeconds + 1) * 1000),
        );
        const queues = (await call(app, "GET", "/api/admin/jobs", { cookie: admin })).body.queues as {
          name: string;
          state: string;
          count: number;
        }[];
        expect(queues.filter((q) => q.name === "client-refresh" && q.count > 0).map((q) => q.state)).toEqual([
          "active",
        ]);
        expect(calls).toBe(1);

        await ctx.proc.kill("SIGKILL");
        const killed = Date.now();
        release();
        await ctx.proc.start();
        await until(
          async () =>
            (
              (await call(app, "GET", "/api/clients", { cookie: officer })).body.clients as {
                refreshedAt: string | null;
              }[]
            )[0]?.refreshedAt != null,
          "the refresh taken up again",
          Math.max(0, killed + 90_000 - Date.now()),
        );
      } finally {
        release();
        ctx.service.hooks.beforeReply = undefined;
      }
      // Asked again once; its claim kept, so the month's budget counts it once.
      expect(calls).toBe(2);
      expect((await call(app, "GET", "/api/admin/refresh-budget", { cookie: admin })).body).toMatchObject({ spent: 1 });
    },
  );
});

describe("the app killed at random moments of onboarding (embedded service and database)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "lifecycle-embedded-"));
  const appProc = appProcess({ DATA_DIR: dataDir, PROPERTY_API_BASE_URL: "" });

  beforeAll(() => appProc.start());
  afterAll(async () => {
    await appProc.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Five starts of the app (four after a kill): each opens the database and seeds the demo accounts and portfolio.
  it(
    "loses no account and no owner, and creates no duplicate, wherever the kill lands",
    { timeout: 180_000 },
    async () => {
      const { app } = appProc;
      const addresses = houses(830, 4);
      const people: { lastName: string; cookie: string; address: string }[] = [];
      for (const [i, delayMs] of [0, 20, 60, 150].entries()) {
        const lastName = `Crash${i}${run}`;
        const { cookie } = await newHomeowner(app, lastName);
        const address = addresses[i]!;
        people.push({ lastName, cookie, address });
        const attempt = call(app, "POST", "/api/owners", { cookie, body: { ...deedName(address), address } }).catch(
          () => undefined,
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await appProc.kill("SIGKILL");
        await attempt;
        await appProc.start();
      }
      for (const { cookie, address } of people) {
        const retry = await call(app, "POST", "/api/owners", { cookie, body: { ...deedName(address), address } });
        expect([200, 201]).toContain(retry.status);
        const dashboard = await call(app, "GET", "/api/owner-data", { cookie });
        expect(dashboard.status).toBe(200);
        expect(streetsOf(dashboard.body)).toContain(street(address));
      }

      await appProc.kill("SIGTERM");
      const database = await openDatabase({
        url: process.env.DATABASE_URL || undefined,
        dataDir: join(dataDir, "pglite"),
      });
      try {
        for (const { address } of people) expect(await ownersAt(database.db, address)).toHaveLength(1);
      } finally {
        await database.close();
      }
      await appProc.start();
    },
  );
});

describe("the circuit breaker, shared by the app's pages and its routes", () => {
  // Two failures in a row open the breaker for 3 s; owner data is never fresh, so every read asks the service.
  const ctx = appOnOwnService({
    CIRCUIT_BREAKER_FAILURES: "2",
    CIRCUIT_BREAKER_HALF_OPEN_MS: "3000",
    CACHE_TTL_OWNER_DATA: "0",
  });

  it("opened by a route, it gives pages the last answer marked stale or a message, never a 500; then it closes", async () => {
    const { app } = ctx.proc;
    const address = houses(840, 1)[0]!;
    const cookie = await invitedHomeowner(app, await signIn(app, app.admin.email, app.admin.password), address);
    const fresh = await call(app, "GET", "/api/owner-data", { cookie });
    expect(fresh.body.stale).toBe(false);
    const propertyId = fresh.body.properties[0].propertyId;

    await ctx.service.faults({ rate: 1, kinds: ["5xx"] });
    try {
      // A route fails twice (a try and a retry): the breaker opens. The route still answers, from the cache.
      const during = await call(app, "GET", "/api/owner-data", { cookie });
      expect(during.status).toBe(200);
      expect(during.body.stale).toBe(true);

      // Pages are bundled apart from routes, so the breaker's refusal comes from another copy of cockatiel.
      const dashboard = await fetch(`${app.url}/dashboard`, { headers: { cookie } });
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain("may be a little out of date");
      const property = await fetch(`${app.url}/dashboard/properties/${propertyId}`, { headers: { cookie } });
      expect(property.status).toBe(200);
      const html = await property.text();
      expect(html).toContain("The estimate could not be loaded");
      expect(html).toContain("not answering right now");
    } finally {
      await ctx.service.faults(null);
    }

    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const after = await call(app, "GET", "/api/owner-data", { cookie });
    expect(after.status).toBe(200);
    expect(after.body.stale).toBe(false);
  });
});
