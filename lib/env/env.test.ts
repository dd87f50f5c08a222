import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "./index";

const KEY = Buffer.alloc(32, 1).toString("base64");
const production = {
  NODE_ENV: "production",
  PROPERTY_API_BASE_URL: "https://api.example.com",
  PROPERTY_API_TOKEN: "t",
};

describe("the configuration", () => {
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  it("lists every problem at once, the cross-variable rules too when a value is bad", () => {
    const problems = () =>
      parseEnv({
        ...production,
        PROPERTY_API_TOKEN: "",
        ORG_MAX_LTV: "7",
        TRUSTED_PROXY_HOPS: "many",
        DATA_ENCRYPTION_KEY_PREVIOUS: "short",
      });
    expect(problems).toThrow(/^Invalid configuration:\n/);
    const message = (() => {
      try {
        problems();
      } catch (error) {
        return (error as Error).message;
      }
    })()!;
    for (const name of [
      "ORG_MAX_LTV",
      "TRUSTED_PROXY_HOPS",
      "DATA_ENCRYPTION_KEY_PREVIOUS",
      "PROPERTY_API_TOKEN",
      "NEXTAUTH_SECRET",
      "DATA_ENCRYPTION_KEY:",
    ])
      expect(message).toContain(`  ${name}`);
  });

  it("requires the secrets in production only, and a key of 32 bytes (base64 or hex) wherever one is given", () => {
    const safe = { NEXTAUTH_URL: "https://homes.example.com", SMTP_URL: "smtp://mail.example.com:587" };
    expect(() =>
      parseEnv({ ...production, ...safe, NEXTAUTH_SECRET: "s", DATA_ENCRYPTION_KEY: KEY, AUDIT_HMAC_KEY: KEY }),
    ).not.toThrow();
    expect(() =>
      parseEnv({
        ...production,
        ...safe,
        NEXTAUTH_SECRET: "s",
        DATA_ENCRYPTION_KEY: "ab".repeat(32),
        AUDIT_HMAC_KEY: "cd".repeat(32),
      }),
    ).not.toThrow();
    expect(() => parseEnv({ ...production, ...safe, NEXTAUTH_SECRET: "s", DATA_ENCRYPTION_KEY: KEY })).toThrow(
      "AUDIT_HMAC_KEY: is required in production",
    );
    expect(() => parseEnv({ AUDIT_HMAC_KEY: "short" })).toThrow("AUDIT_HMAC_KEY: must be 32 bytes");
    expect(() => parseEnv({ AUDIT_CHECKPOINT_URL: "https://bucket.example.com/log" })).toThrow(
      "AUDIT_CHECKPOINT_URL: must be a folder",
    );
    expect(parseEnv({ AUDIT_CHECKPOINT_URL: "file:///var/audit" }).AUDIT_CHECKPOINT_URL).toBe("file:///var/audit");
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
    expect(() => parseEnv({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") })).toThrow(
      "DATA_ENCRYPTION_KEY: must be 32 bytes",
    );
  });

  it("refuses production without its public https URL, a mail server and, on PostgreSQL, Redis: all named at once", () => {
    const secrets = { ...production, NEXTAUTH_SECRET: "s", DATA_ENCRYPTION_KEY: KEY, AUDIT_HMAC_KEY: KEY };
    const problems = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    };
    const missing = problems({ ...secrets, DATABASE_URL: "postgres://db/app" });
    for (const name of ["NEXTAUTH_URL", "SMTP_URL", "REDIS_URL"]) expect(missing).toContain(`  ${name}: `);
    // PGlite is one process: no Redis needed there.
    expect(
      problems({ ...secrets, NEXTAUTH_URL: "https://homes.example.com", SMTP_URL: "smtp://mail.example.com:587" }),
    ).toBe("");
    // http only on a loopback address (a local trial, the tests): anywhere else the session cookie would lose Secure.
    for (const url of ["http://homes.example.com", "http://10.0.0.5:3000"])
      expect(problems({ ...secrets, NEXTAUTH_URL: url, SMTP_URL: "smtp://mail.example.com" })).toContain(
        "  NEXTAUTH_URL: ",
      );
    for (const url of ["http://localhost:3000", "http://127.0.0.1:4123", "http://[::1]:3000"])
      expect(problems({ ...secrets, NEXTAUTH_URL: url, SMTP_URL: "smtp://mail.example.com" })).toBe("");
    // The embedded defaults stay a one-command demo.
    expect(problems({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toBe("");
  });

  it("migrates at start by default; waiting for `npm run migrate` needs PostgreSQL", () => {
    expect(parseEnv({})).toMatchObject({
      MIGRATE_ON_START: true,
      MIGRATION_WAIT_SECONDS: 600,
      SHUTDOWN_DELAY_SECONDS: 5,
    });
    expect(parseEnv({ MIGRATE_ON_START: "false", DATABASE_URL: "postgres://db/app" }).MIGRATE_ON_START).toBe(false);
    expect(() => parseEnv({ MIGRATE_ON_START: "false" })).toThrow(
      "MIGRATE_ON_START: can be false only with DATABASE_URL",
    );
  });

  it("keeps a relative DATA_DIR in the project's folder, also for the standalone server that runs from .next/standalone", () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), "env-")));
    try {
      mkdirSync(join(project, ".next/standalone"), { recursive: true });
      process.chdir(project);
      expect(parseEnv({}).DATA_DIR).toBe(join(project, ".data"));
      process.chdir(join(project, ".next/standalone"));
      expect(parseEnv({}).DATA_DIR).toBe(join(project, ".data"));
      expect(parseEnv({ DATA_DIR: "state/app" }).DATA_DIR).toBe(join(project, "state/app"));
      expect(parseEnv({ DATA_DIR: "/data" }).DATA_DIR).toBe("/data");
      process.chdir(cwd);
      expect(parseEnv({}).DATA_DIR).toBe(resolve(cwd, ".data"));
    } finally {
      process.chdir(cwd);
      rmSync(project, { recursive: true, force: true });
    }
  });
});
