import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AppInfo } from "./setup";

/** DATA_ENCRYPTION_KEY of the apps the tests start (production mode requires one). */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString("base64");
/** AUDIT_HMAC_KEY of the apps the tests start (production mode requires one too). */
export const TEST_AUDIT_KEY = Buffer.alloc(32, 9).toString("base64");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers below `below`; rejects when the process exits first or nothing answers in 90 s. */
export async function waitFor(url: string, child: ChildProcess, name: string, below = 500): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(url)).status < below) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not start in time`);
}

/**
 * How `npm start` (and the image) starts the server: `node <flags> <entry> [args]` from package.json's start script,
 * split (the standalone server, `.next/standalone/server.js`, with the Node flags it runs with). `cwd`: another
 * checkout's (a benchmark's baseline).
 */
export function startCommand(cwd = process.cwd()): { flags: string[]; entry: string[] } {
  const words = (
    JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start.split(/\s+/);
  const node = words.indexOf("node");
  const entry = words.findIndex((word, i) => i > node && !word.startsWith("-"));
  if (node < 0 || entry < 0)
    throw new Error(`package.json's start script is not "node <flags> <server>": ${words.join(" ")}`);
  return { flags: words.slice(node + 1, entry), entry: words.slice(entry) };
}

/**
 * The built app (`npm run build` first) on a port, started as the image starts it: the standalone server, PORT and
 * HOSTNAME (loopback unless `env` names another) from the environment, with the environment given on top of this process's. Stopped by SIGTERM at once
 * (SHUTDOWN_DELAY_SECONDS=0 unless given). Its log lines (stdout) are dropped unless `stdout` is "pipe" (then read
 * them, or the app stalls once the pipe is full).
 */
export function startNext(
  port: number,
  env: Record<string, string>,
  stderr: "inherit" | "pipe" = "inherit",
  stdout: "ignore" | "pipe" = "ignore",
  /** Where it is started from: the server does not care (it runs from its own folder), which a test may prove. */
  cwd = process.cwd(),
): ChildProcess {
  const { flags, entry } = startCommand();
  return spawn(process.execPath, [...flags, resolve(entry[0]!), ...entry.slice(1)], {
    cwd,
    env: {
      ...process.env,
      SHUTDOWN_DELAY_SECONDS: "0",
      AUDIT_HMAC_KEY: TEST_AUDIT_KEY,
      // Loopback unless the test binds as the image does (HOSTNAME=0.0.0.0).
      HOSTNAME: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", stdout, stderr],
  });
}

/**
 * What an app of a file's own is started with unless the file says otherwise: the embedded defaults. The template data
 * folder (see `makeTemplate`) is made with the same, and the key every test process hands its apps (run-env.ts).
 */
const OWN_APP_ENV = { DATABASE_URL: "", REDIS_URL: "", PROPERTY_API_BASE_URL: "", DATA_ENCRYPTION_KEY: TEST_DATA_KEY };

/**
 * Settings that shape what a first start writes into its data folder (the schema, the demo accounts and their codes,
 * keys): an app given any of them starts from an empty folder rather than a copy of the template.
 */
const SEEDING = [
  "DATABASE_URL",
  "PROPERTY_API_BASE_URL",
  "NEXTAUTH_SECRET",
  "DATA_ENCRYPTION_KEY",
  "AUDIT_HMAC_KEY",
  "MIGRATE_ON_START",
  "SANDBOX_FAULTS",
  "NODE_ENV",
  // The demo portfolio's first refreshes are claimed against the month's budget when they are queued.
  "REFRESH_BUDGET_MONTHLY",
];

/**
 * Makes the template data folder in `dir`/data: an app on the own-app defaults started once there (migrations, the
 * demo accounts, portfolio and sites, the job engine's schema, with no worker to run anything), then stopped. An own
 * app starts from a copy of it in about a third of the time a first start takes. The global setup does not wait for
 * it: `dir`/ready says when it is done ("ok", or why it failed), and `templateFolder` waits for that.
 */
export async function makeTemplate(dir: string): Promise<void> {
  try {
    await startTemplate(join(dir, "data"));
    writeFileSync(join(dir, "ready"), "ok");
  } catch (error) {
    writeFileSync(join(dir, "ready"), `the template data folder failed: ${String(error)}`);
  }
}

/** The template's data folder once `makeTemplate` has made it; rejects if it failed or took over 3 minutes. */
export async function templateFolder(dir: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  while (!existsSync(join(dir, "ready"))) {
    if (Date.now() > deadline) throw new Error(`the template data folder is not ready after 3 minutes (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ready = readFileSync(join(dir, "ready"), "utf8");
  if (ready !== "ok") throw new Error(ready);
  return join(dir, "data");
}

async function startTemplate(dir: string): Promise<void> {
  const port = await freePort();
  const child = startNext(
    port,
    { ...OWN_APP_ENV, DATA_DIR: dir, NEXTAUTH_URL: `http://127.0.0.1:${port}`, JOB_WORKERS: "false" },
    "inherit",
    "pipe",
  );
  let log = "";
  // Resolves with true once the job engine has made its schema, with false if the process ends first.
  const engineStarted = new Promise<boolean>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"jobs: engine started"')) resolve(true);
    });
    child.once("exit", () => resolve(false));
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health?deep=1`, child, "template app", 300);
    if (!(await engineStarted)) throw new Error(`the template app exited with ${child.exitCode ?? child.signalCode}`);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  // Stopped as an orchestrator stops it: the database closed, exit 0.
  child.kill("SIGTERM");
  const code = await exited(child);
  if (code !== 0) throw new Error(`the template app exited with ${code} on SIGTERM`);
}

/**
 * The built app on a port and data folder of its own, on the embedded defaults plus `env`: for a file that needs
 * settings the shared apps do not have (a short step-up time, say). Its folder starts as a copy of the run's template
 * (INTEGRATION_TEMPLATE_DIR, from the global setup by way of run-env.ts) unless `env` sets one of SEEDING. `stop()` ends
 * it and removes its folder.
 */
export async function startOwnApp(
  name: string,
  env: Record<string, string> = {},
): Promise<{ app: AppInfo; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const templateDir = process.env.INTEGRATION_TEMPLATE_DIR;
  if (templateDir && SEEDING.every((key) => !env[key]))
    cpSync(await templateFolder(templateDir), dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNext(port, { ...OWN_APP_ENV, NEXTAUTH_URL: url, DATA_DIR: dataDir, ...env });
  const stop = async () => {
    child.kill("SIGTERM");
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  await waitFor(`${url}/api/openapi.json`, child, "app").catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const admin = { email: "admin@example.com", password: "admin-demo" };
  return { app: { name: "embedded", url, admin, userLimitPerMinute: 1000, dataDir }, stop };
}

/** Resolves with the exit code (or signal) once the process has ended. */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode!);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal!)));
}

export interface TcpProxy {
  port: number;
  /** Stops listening and drops every open connection: to the app, the service behind it has gone away. */
  cut(): Promise<void>;
  /** Listens again on the same port: the service is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay in front of a service (PostgreSQL, Redis), so a test can take the service away and bring it back. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const port = await freePort();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, "127.0.0.1", resolve);
    });
  const cut = async () => {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    server = undefined;
    await closing;
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
