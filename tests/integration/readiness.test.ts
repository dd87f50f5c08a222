import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { exited, freePort, startNext, TEST_DATA_KEY, waitFor } from "./processes";

/**
 * Readiness is about this instance. The property data service is shared by every instance: when it does not answer,
 * a load balancer that took each instance out would answer nothing at all, where the app still signs people in and
 * serves what it has. So a service that is away is reported, and the instance stays ready.
 */
describe("readiness when the property data service does not answer", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "readiness-"));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stays ready (200, degraded, the service named as what fails), and goes unready on SIGTERM", async () => {
    const [port, nobody] = [await freePort(), await freePort()];
    const app = startNext(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      // Production on a real upstream that nothing listens for.
      PROPERTY_API_BASE_URL: `http://127.0.0.1:${nobody}/`,
      PROPERTY_API_TOKEN: "a-token",
      NEXTAUTH_SECRET: "a-production-secret",
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: inject("apps").smtp.url,
      SHUTDOWN_DELAY_SECONDS: "5",
    });
    children.push(app);
    await waitFor(`http://127.0.0.1:${port}/api/health`, app, "the app");

    const ready = await fetch(`http://127.0.0.1:${port}/api/health?deep=1`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe("degraded");
    expect(body.checks).toMatchObject({ startup: "ok", database: "ok", cache: "ok" });
    expect(body.checks.upstream).not.toBe("ok");

    app.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const draining = await fetch(`http://127.0.0.1:${port}/api/health?deep=1`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect(await exited(app)).toBe(0);
  });
});
