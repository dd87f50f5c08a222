import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { outbox } from "@/lib/db/schema";
import type { AppInfo } from "./setup";
import { call, signIn, unique } from "./client";
import { exited, freePort, startNext, TEST_DATA_KEY, waitFor } from "./processes";
import { smtpServer } from "./smtp";

/**
 * Production (a real upstream) starts only with the settings that keep it safe: its public https URL (Secure cookies,
 * links to it), a mail server (links in mail are not left readable in the outbox) and, on PostgreSQL, Redis (every
 * instance sees a revocation at once); and its outbox shows no live link, and who read it is in the activity log.
 */
describe("production's settings", () => {
  const { sandbox } = inject("apps");
  const dataDir = mkdtempSync(join(tmpdir(), "production-"));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upstream = {
    PROPERTY_API_BASE_URL: sandbox.url,
    PROPERTY_API_TOKEN: sandbox.token,
    NEXTAUTH_SECRET: `secret-${unique()}`,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
  };

  async function refusal(env: Record<string, string>): Promise<{ code: number | NodeJS.Signals; stderr: string }> {
    const port = await freePort();
    const child = startNext(
      port,
      {
        DATA_DIR: join(dataDir, unique()),
        DATABASE_URL: "",
        REDIS_URL: "",
        SMTP_URL: "",
        NEXTAUTH_URL: "",
        ...upstream,
        ...env,
      },
      "pipe",
    );
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const code = await exited(child);
    clearTimeout(timer);
    return { code, stderr };
  }

  it("refuses to start without NEXTAUTH_URL, SMTP_URL and (on PostgreSQL) REDIS_URL, naming all three at once", async () => {
    // The database is never reached: the configuration is checked first.
    const { code, stderr } = await refusal({ DATABASE_URL: "postgres://nobody@127.0.0.1:9/none" });
    expect(code).toBe(1);
    expect(stderr.match(/Refusing to start: Invalid configuration:/g)).toHaveLength(1);
    for (const name of ["NEXTAUTH_URL", "SMTP_URL", "REDIS_URL"]) expect(stderr).toContain(`  ${name}:`);
  });

  it(
    "refuses an http NEXTAUTH_URL other than a loopback one (session cookies would lose Secure)",
    { timeout: 90_000 },
    async () => {
      const { code, stderr } = await refusal({
        NEXTAUTH_URL: "http://dashboard.example.com",
        SMTP_URL: "smtp://127.0.0.1:9",
      });
      expect(code).toBe(1);
      expect(stderr).toContain("  NEXTAUTH_URL:");
      expect(stderr).not.toContain("  SMTP_URL:");
    },
  );

  it(
    "shows no live link in the outbox, in the API or the page, and logs who read it",
    { timeout: 180_000 },
    async () => {
      // A reset link kept while the app ran without a mail server (before this release, or an embedded trial's).
      const folder = join(dataDir, "with-outbox");
      const token = `live${unique().replace(/\W/g, "")}`;
      const kept = await openDatabase({ dataDir: join(folder, "pglite") });
      await kept.db.insert(outbox).values({
        kind: "email",
        recipient: "someone@example.com",
        subject: "Reset your password",
        text: `Choose a new password: http://127.0.0.1/reset-password?token=${token}`,
        html: `<p><a href="http://127.0.0.1/reset-password?token=${token}">Choose a new password</a></p>`,
        delivery: "outbox",
      });
      await kept.close();

      const smtp = await smtpServer();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const admin = { email: `admin-${unique()}@example.com`, password: `admin-password-${unique()}` };
      const child = startNext(port, {
        ...upstream,
        DATA_DIR: folder,
        DATABASE_URL: "",
        REDIS_URL: "",
        NEXTAUTH_URL: url,
        SMTP_URL: smtp.url,
        BOOTSTRAP_ADMIN_EMAIL: admin.email,
        BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      });
      children.push(child);
      await waitFor(`${url}/api/health?deep=1`, child, "the production app");
      const app: AppInfo = { name: "http", url, admin, userLimitPerMinute: 60 };
      const cookie = await signIn(app, admin.email, admin.password);

      const read = await call(app, "GET", "/api/admin/outbox?to=someone%40example.com", { cookie });
      expect(read.status).toBe(200);
      expect(read.body.messages).toHaveLength(1);
      expect(JSON.stringify(read.body)).not.toContain(token);
      expect(read.body.messages[0].text).toContain("reset-password?token=");
      const page = await fetch(`${url}/admin/outbox`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain(token);

      // Each read, the API's and the page's, is a row of the activity log naming the admin (written after the answer).
      let rows: { action: string; actor: { email: string } }[] = [];
      for (let i = 0; i < 40 && rows.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        rows =
          (await call(app, "GET", "/api/admin/audit?action=outbox.read&format=json", { cookie })).body.events ?? [];
      }
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.actor.email).toBe(admin.email.toLowerCase());
      await smtp.stop();
    },
  );
});
