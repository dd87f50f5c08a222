import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { exportSoftPasskey, type ExportedSoftPasskey } from "@/lib/testing/soft-passkey";
import { passkeyOf, signIn } from "./client";
import { freePort, makeTemplate, startNext, TEST_DATA_KEY, waitFor } from "./processes";
import { smtpServer } from "./smtp";

/** Signs each staff account in once (enrolling a passkey, or with a demo account's code) and hands out its passkey. */
async function staffPasskeys(
  app: AppInfo,
  accounts: { email: string; password: string }[],
): Promise<Record<string, ExportedSoftPasskey>> {
  const keys: Record<string, ExportedSoftPasskey> = {};
  for (const account of accounts) {
    await signIn(app, account.email, account.password);
    keys[account.email.toLowerCase()] = exportSoftPasskey(passkeyOf(app, account.email)!);
  }
  return keys;
}

export interface Apps {
  /** The app on the embedded service, in-process. */
  embedded: AppInfo;
  /** The app on the standalone service, over HTTP. */
  http: AppInfo;
  /** The app with a PostgreSQL that does not answer. */
  noDatabase: AppInfo;
  /**
   * An app on the embedded defaults whose step-up time is 3 s (STEP_UP_MINUTES=0.05), for the files that need only
   * that: a session's second factor goes stale while the test waits.
   */
  shortStepUp: AppInfo;
  /** The migrated, seeded data folder an app of a file's own starts from a copy of (processes.ts's startOwnApp). */
  templateDir: string;
  sandbox: { url: string; token: string };
  /**
   * The run's mail server, which keeps each message as a file in `dir` (read with smtp.ts's `mailsIn`): production (a
   * real upstream) needs one, and keeps only copies without links in its outbox.
   */
  smtp: { url: string; dir: string };
  /** This run's own PostgreSQL database, when DATABASE_URL is set (see `runDatabase`): the embedded apps'. */
  databaseUrl: string;
  /**
   * The database for apps a file starts on a real upstream (production mode: no demo accounts), when DATABASE_URL is
   * set (the services pass); the shared http app's own in the embedded pass is not handed out.
   */
  upstreamDatabaseUrl: string;
}
export interface AppInfo {
  name: "embedded" | "http";
  url: string;
  admin: { email: string; password: string };
  userLimitPerMinute: number;
  /**
   * Its data folder, and its secret when not the generated one there: the demo staff's authenticator codes (embedded).
   */
  dataDir?: string;
  authSecret?: string;
  /** Where the app's mail server keeps what it was given (production: its outbox's copies have no links). */
  mailDir?: string;
  /** Passkeys the global setup gave staff accounts of the shared apps, by email (see client.ts's signIn). */
  passkeys?: Record<string, ExportedSoftPasskey>;
}

declare module "vitest" {
  export interface ProvidedContext {
    apps: Apps;
  }
}

/**
 * A database of this run's own on the PostgreSQL of DATABASE_URL, dropped at the end: what one run proves (a home
 * linked to an account) would otherwise be there for the next run, whose accounts could not prove it again.
 */
async function runDatabase(
  serverUrl: string | undefined,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!serverUrl) return undefined;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  await server.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * Starts the standalone service and the built app (its standalone server, as the image runs it) twice: on the embedded
 * service, and on the standalone one over HTTP; and a third whose PostgreSQL never answers.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString("hex");
  const original = process.env.DATABASE_URL;
  const database = await runDatabase(original, `integration_${run}`);
  // Apps on a real upstream run as in production, which refuses a database with the demo accounts that the embedded
  // apps create: theirs is a database of its own (and so is their cache's namespace: user ids are per database).
  const upstreamDatabase = await runDatabase(original, `integration_${run}_upstream`);
  // In the embedded pass (no DATABASE_URL or REDIS_URL here), the shared http app is still on the run's PostgreSQL and
  // Redis when it has them (scripts/test-all.sh hands them over as HTTP_APP_*): a file that checks both shared apps
  // then covers both storages in one pass. Apps the files start themselves stay on the embedded defaults.
  const httpDatabase =
    upstreamDatabase ?? (await runDatabase(process.env.HTTP_APP_DATABASE_URL || undefined, `integration_${run}_http`));
  const httpRedis = process.env.REDIS_URL || process.env.HTTP_APP_REDIS_URL || "";
  if (database) process.env.DATABASE_URL = database.url;
  const dirs = [0, 1, 2, 3, 4, 5, 6].map(() => mkdtempSync(join(tmpdir(), "integration-")));
  const templateDir = dirs[5]!;
  const mailDir = dirs[4]!;
  const smtp = await smtpServer({ dir: mailDir });
  const children: ChildProcess[] = [];
  // Many accounts come from this one address during the run, and staff sign in with passkeys many times a minute (one
  // count for every app when they share Redis): the sign-up and passkey limits are tested by an app of their own.
  const shared = {
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    REDIS_URL: process.env.REDIS_URL ?? "",
    CACHE_NAMESPACE: `it-${run}`,
    RATE_LIMIT_SIGNUP_PER_HOUR: "10000",
    RATE_LIMIT_PASSKEY_OPTIONS_PER_MINUTE: "10000",
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    // No refresh in the background of the shared apps (an import queues its clients' first refresh, the demo
    // portfolio's come at start): their calls and webhook events would land in other tests' counts. The budget's own
    // tests start apps of their own (monitoring.test.ts) or set it (portfolio-reads.test.ts).
    REFRESH_BUDGET_MONTHLY: "0",
  };
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...shared, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    return child;
  };
  // The app as the image starts it (the standalone server of `npm run build`, PORT and HOSTNAME from the environment).
  const startApp = (port: number, env: Record<string, string>) => {
    const child = startNext(port, { ...shared, ...env });
    children.push(child);
    return child;
  };

  const sandboxPort = await freePort();
  const sandbox = { url: `http://127.0.0.1:${sandboxPort}`, token: `it-token-${run}` };
  const sandboxProcess = start("node_modules/.bin/tsx", ["scripts/sandbox-server.ts"], {
    PORT: String(sandboxPort),
    SANDBOX_TOKEN: sandbox.token,
    DATA_DIR: dirs[0]!,
  });

  const [embeddedPort, httpPort, noDatabasePort, deadPort, shortStepUpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const httpAdmin = { email: `admin-${run}@example.com`, password: `admin-password-${run}` };
  const embedded = startApp(embeddedPort, {
    DATA_DIR: dirs[1]!,
    PROPERTY_API_BASE_URL: "",
    RATE_LIMIT_USER_PER_MINUTE: "2000",
    RATE_LIMIT_IP_PER_MINUTE: "5000",
    // Tests' receivers listen on 127.0.0.1, and a webhook's retries (5 s, 5 min, 30 min…) come in milliseconds to
    // seconds.
    WEBHOOKS_ALLOW_PRIVATE: "true",
    WEBHOOKS_RETRY_SCALE: "0.0005",
    // The widget's report form: a proof of work the tests solve in a few hashes, held a second before it is sent.
    WIDGET_LEAD_POW_BITS: "4",
    WIDGET_LEAD_MIN_SECONDS: "1",
  });
  // Production: its public URL (http is allowed on loopback only; its cookies are not Secure) and a mail server.
  const http = startApp(httpPort, {
    NEXTAUTH_URL: `http://127.0.0.1:${httpPort}`,
    SMTP_URL: smtp.url,
    DATABASE_URL: httpDatabase?.url ?? "",
    REDIS_URL: httpRedis,
    CACHE_NAMESPACE: `it-${run}-upstream`,
    DATA_DIR: dirs[2]!,
    PROPERTY_API_BASE_URL: sandbox.url,
    PROPERTY_API_TOKEN: sandbox.token,
    PROPERTY_API_TIMEOUT_MS: "1500",
    NEXTAUTH_SECRET: `secret-${run}`,
    BOOTSTRAP_ADMIN_EMAIL: httpAdmin.email,
    BOOTSTRAP_ADMIN_PASSWORD: httpAdmin.password,
    RATE_LIMIT_USER_PER_MINUTE: "40",
    // Fault tests fail on purpose many times in a row; the breaker has its own test (lifecycle.test.ts).
    CIRCUIT_BREAKER_FAILURES: "1000",
    // Verification answers go stale after a second, so the stale path can be seen.
    CACHE_TTL_VERIFY: "1",
    RATE_LIMIT_IP_PER_MINUTE: "5000",
  });
  const noDatabase = startApp(noDatabasePort, {
    DATA_DIR: dirs[3]!,
    PROPERTY_API_BASE_URL: "",
    DATABASE_URL: `postgres://nobody@127.0.0.1:${deadPort}/none`,
  });
  // Made beside the files that need no app of their own (the first startOwnApp waits for it).
  const template = makeTemplate(templateDir);
  const shortStepUp = startApp(shortStepUpPort, {
    DATA_DIR: dirs[6]!,
    DATABASE_URL: "",
    REDIS_URL: "",
    PROPERTY_API_BASE_URL: "",
    NEXTAUTH_URL: `http://127.0.0.1:${shortStepUpPort}`,
    RATE_LIMIT_USER_PER_MINUTE: "2000",
    RATE_LIMIT_IP_PER_MINUTE: "5000",
    STEP_UP_MINUTES: "0.05",
  });
  const teardown = async () => {
    await template;
    for (const child of children) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await smtp.stop();
    // An app still stopping may be writing the log's checkpoint into its folder: retried rather than failed.
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await database?.drop();
    await httpDatabase?.drop();
    process.env.DATABASE_URL = original;
  };
  // A start that fails (a port taken meanwhile, an app that exits) must not leave the others running: vitest does not
  // call the teardown of a setup that threw.
  try {
    await waitFor(`${sandbox.url}/_sandbox/usage`, sandboxProcess, "sandbox");
    await waitFor(`http://127.0.0.1:${noDatabasePort}/api/health`, noDatabase, "app without a database");
    await Promise.all([
      waitFor(`http://127.0.0.1:${embeddedPort}/api/openapi.json`, embedded, "embedded app"),
      waitFor(`http://127.0.0.1:${httpPort}/api/openapi.json`, http, "http app"),
      waitFor(`http://127.0.0.1:${shortStepUpPort}/api/openapi.json`, shortStepUp, "short step-up app"),
    ]);

    // Staff sign in with a second factor: the shared apps' staff get a passkey each here, once, which every test file
    // signs in with (an authenticator code is good once, and the files sign them in many times a minute). A shared app
    // on the embedded defaults: its demo admin and officer.
    const demoApp = async (port: number, dataDir: string): Promise<AppInfo> => {
      const app: AppInfo = {
        name: "embedded",
        url: `http://127.0.0.1:${port}`,
        admin: { email: "admin@example.com", password: "admin-demo" },
        userLimitPerMinute: 2000,
        dataDir,
      };
      app.passkeys = await staffPasskeys(app, [app.admin, { email: "officer@example.com", password: "officer-demo" }]);
      return app;
    };
    const embeddedApp = await demoApp(embeddedPort, dirs[1]!);
    const shortStepUpApp = await demoApp(shortStepUpPort, dirs[6]!);
    const httpApp: AppInfo = {
      name: "http",
      url: `http://127.0.0.1:${httpPort}`,
      admin: httpAdmin,
      userLimitPerMinute: 40,
      authSecret: `secret-${run}`,
      mailDir,
    };
    httpApp.passkeys = await staffPasskeys(httpApp, [httpAdmin]);

    project.provide("apps", {
      embedded: embeddedApp,
      http: httpApp,
      noDatabase: {
        name: "embedded",
        url: `http://127.0.0.1:${noDatabasePort}`,
        admin: { email: "", password: "" },
        userLimitPerMinute: 0,
      },
      shortStepUp: shortStepUpApp,
      templateDir,
      sandbox,
      smtp: { url: smtp.url, dir: mailDir },
      databaseUrl: process.env.DATABASE_URL ?? "",
      upstreamDatabaseUrl: upstreamDatabase?.url ?? "",
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
