import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { exited, freePort, startNext, templateFolder, TEST_DATA_KEY, waitFor } from "./processes";

/**
 * A start an orchestrator can rely on: a process that must not serve stops before it listens for long, with exit code
 * 1 and every problem on stderr, instead of a server that answers 500 (or, worse, lets a demo admin in).
 */

/** Starts the standalone server with `env` on the embedded defaults' PGlite; resolves when it exits (60 s at most). */
async function startAndExit(
  env: Record<string, string>,
): Promise<{ code: number | NodeJS.Signals; stderr: string; port: number }> {
  const port = await freePort();
  const child = startNext(port, { DATABASE_URL: "", REDIS_URL: "", ...env }, "pipe");
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await exited(child);
  clearTimeout(timer);
  return { code, stderr, port };
}

describe("a start that must not go ahead stops at once, saying why", () => {
  const { sandbox, smtp } = inject("apps");
  const dataDir = mkdtempSync(join(tmpdir(), "refusals-"));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a bad configuration: exit 1, every problem listed once on stderr, nothing served", async () => {
    const { code, stderr, port } = await startAndExit({
      DATA_DIR: join(dataDir, "bad-config"),
      // Production (a real upstream) without its secrets, a key of the wrong size, and two values out of range.
      PROPERTY_API_BASE_URL: "http://127.0.0.1:9/",
      PROPERTY_API_TOKEN: "",
      NEXTAUTH_SECRET: "",
      DATA_ENCRYPTION_KEY: "",
      DATA_ENCRYPTION_KEY_PREVIOUS: "too-short",
      ORG_MAX_LTV: "7",
      TRUSTED_PROXY_HOPS: "many",
    });
    expect(code).toBe(1);
    expect(stderr.match(/Refusing to start: Invalid configuration:/g)).toHaveLength(1);
    for (const name of [
      "PROPERTY_API_TOKEN",
      "NEXTAUTH_SECRET",
      "DATA_ENCRYPTION_KEY:",
      "DATA_ENCRYPTION_KEY_PREVIOUS",
      "ORG_MAX_LTV",
      "TRUSTED_PROXY_HOPS",
    ])
      expect(stderr).toContain(`  ${name}`);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it(
    "a production start on a database with the demo accounts: exit 1 naming them and the fix; after the fix it starts",
    { timeout: 240_000 },
    async () => {
      const folder = join(dataDir, "once-embedded");
      // First the embedded defaults, which create the demo accounts: the run's template is a folder an app on them
      // started in and stopped (processes.ts's makeTemplate).
      cpSync(await templateFolder(process.env.INTEGRATION_TEMPLATE_DIR!), folder, { recursive: true });

      // Then the same database behind the real service: refused, with the accounts and the command that removes them.
      const again = await freePort();
      const production = {
        DATA_DIR: folder,
        PROPERTY_API_BASE_URL: sandbox.url,
        PROPERTY_API_TOKEN: sandbox.token,
        NEXTAUTH_SECRET: "a-production-secret",
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
        NEXTAUTH_URL: `http://127.0.0.1:${again}`,
        SMTP_URL: smtp.url,
      };
      const refused = await startAndExit(production);
      expect(refused.code).toBe(1);
      for (const email of ["homeowner@example.com", "officer@example.com", "admin@example.com"])
        expect(refused.stderr).toContain(email);
      // And the demo widget site, whose published key would spend the real service's money.
      expect(refused.stderr).toContain("widget site site_demo");
      expect(refused.stderr).toContain("npm run migrate -- --remove-demo-accounts");

      // The fix the message gives, then a start that goes ahead.
      const fix = spawn("npm", ["run", "--silent", "migrate", "--", "--remove-demo-accounts"], {
        env: { ...process.env, ...production, DATABASE_URL: "", REDIS_URL: "" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let log = "";
      fix.stdout.on("data", (chunk: Buffer) => (log += chunk));
      expect(await exited(fix)).toBe(0);
      expect(log).toContain("demo accounts removed");

      const started = startNext(again, { ...production, DATABASE_URL: "", REDIS_URL: "" });
      children.push(started);
      await waitFor(`http://127.0.0.1:${again}/api/health?deep=1`, started, "the production app");
      expect((await fetch(`http://127.0.0.1:${again}/api/health?deep=1`)).status).toBe(200);
    },
  );
});
