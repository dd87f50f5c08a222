import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AppInfo } from "./setup";
import { call, houses, meterFor, serviceUsage, signIn, unique } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";

const { DATABASE_URL, REDIS_URL } = process.env;

/**
 * Two app processes in front of the standalone service, sharing this run's PostgreSQL and one Redis the way two
 * instances of a deployment do: the cache, the single-flight lock and the rate limits are theirs to share.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  "what calls cost across two app processes sharing Redis and PostgreSQL",
  () => {
    const { sandbox } = inject("apps");
    const run = unique();
    const admin = { email: `admin-${run}@example.com`, password: `admin-password-${run}` };
    const children: ChildProcess[] = [];
    const apps: AppInfo[] = [];
    let adminCookie: string;
    let dataDir: string;

    // The folder is made when the suite runs: collecting a skipped suite leaves nothing behind.
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "cost-instances-"));
      const ports = [await freePort(), await freePort()];
      for (const port of ports) {
        const url = `http://127.0.0.1:${port}`;
        apps.push({ name: "http", url, admin, userLimitPerMinute: 40, mailDir: inject("apps").smtp.dir });
        children.push(
          startNext(port, {
            NEXTAUTH_URL: url,
            NEXTAUTH_SECRET: `secret-${run}`,
            DATA_DIR: dataDir,
            // A real upstream is production: the database of the run's apps on one, without the embedded apps' demo
            // accounts.
            DATABASE_URL: inject("apps").upstreamDatabaseUrl,
            REDIS_URL: REDIS_URL!,
            CACHE_NAMESPACE: `instances-${run}`,
            PROPERTY_API_BASE_URL: sandbox.url,
            PROPERTY_API_TOKEN: sandbox.token,
            SMTP_URL: inject("apps").smtp.url,
            BOOTSTRAP_ADMIN_EMAIL: admin.email,
            BOOTSTRAP_ADMIN_PASSWORD: admin.password,
            RATE_LIMIT_USER_PER_MINUTE: "40",
            RATE_LIMIT_IP_PER_MINUTE: "5000",
          }),
        );
      }
      await Promise.all(apps.map((app, i) => waitFor(`${app.url}/api/openapi.json`, children[i]!, `app ${i + 1}`)));
      adminCookie = await signIn(apps[0]!, admin.email, admin.password);
    });

    afterAll(async () => {
      for (const child of children) child.kill("SIGTERM");
      await Promise.all(children.map(exited));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      "makes exactly one upstream call for each of 20 bursts of 50 identical requests split across both processes",
      { timeout: 180_000 },
      async () => {
        const email = `officer-${run}@example.com`;
        expect(
          (
            await call(apps[0]!, "POST", "/api/admin/users", {
              cookie: adminCookie,
              body: { email, password: "officer-password", role: "loan_officer" },
            })
          ).status,
        ).toBe(201);
        // One session for both processes: the same secret signs it and the same database holds its row.
        const officer = await signIn(apps[1]!, email, "officer-password");
        const usage = async () => (await serviceUsage(apps[0]!, sandbox, adminCookie)).propertySummary ?? 0;
        for (const [round, address] of houses(900, 20).entries()) {
          const before = await usage();
          const meterBefore = await meterFor(apps[0]!, adminCookie, "propertySummary");
          const path = `/api/property/summary?address=${encodeURIComponent(address)}`;
          const replies = await Promise.all(
            Array.from({ length: 50 }, (_, i) => call(apps[i % 2]!, "GET", path, { cookie: officer })),
          );
          // 20 rounds of 50 by one officer whose allowance is 40 a minute: only the request that reached the service
          // spent.
          expect(
            replies.map((r) => r.status),
            `round ${round}`,
          ).toEqual(Array(50).fill(200));
          expect(await usage(), `round ${round}`).toBe(before + 1);
          // The free answers' rows are written just after the answers, by whichever process gave them: read until they
          // land.
          const expected = { upstreamCalls: meterBefore.upstreamCalls + 1, cacheHits: meterBefore.cacheHits + 49 };
          let meterAfter = await meterFor(apps[1]!, adminCookie, "propertySummary");
          for (let tries = 0; tries < 50 && meterAfter.cacheHits < expected.cacheHits; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            meterAfter = await meterFor(apps[1]!, adminCookie, "propertySummary");
          }
          expect(meterAfter, `round ${round}`).toEqual(expected);
        }
      },
    );

    it("applies a changed role, an ended session and a deleted account at the next request on the other process", async () => {
      const email = `changing-${run}@example.com`;
      const created = await call(apps[0]!, "POST", "/api/admin/users", {
        cookie: adminCookie,
        body: { email, password: "changing-password", role: "admin" },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const cookie = await signIn(apps[1]!, email, "changing-password");
      // The other process has read and kept this session's user: an admin.
      for (let i = 0; i < 3; i++)
        expect((await call(apps[1]!, "GET", "/api/admin/usage", { cookie })).status).toBe(200);

      expect(
        (
          await call(apps[0]!, "PATCH", `/api/admin/users/${id}`, {
            cookie: adminCookie,
            body: { role: "loan_officer" },
          })
        ).status,
      ).toBe(200);
      expect((await call(apps[1]!, "GET", "/api/admin/usage", { cookie })).status).toBe(403);

      expect((await call(apps[0]!, "DELETE", `/api/admin/users/${id}/sessions`, { cookie: adminCookie })).status).toBe(
        200,
      );
      expect((await call(apps[1]!, "GET", "/api/admin/usage", { cookie })).status).toBe(401);

      const again = await signIn(apps[1]!, email, "changing-password");
      expect((await call(apps[1]!, "GET", "/api/admin/usage", { cookie: again })).status).toBe(403);
      expect((await call(apps[0]!, "DELETE", `/api/admin/users/${id}`, { cookie: adminCookie })).status).toBe(204);
      expect((await call(apps[1]!, "GET", "/api/admin/usage", { cookie: again })).status).toBe(401);
    });
  },
);
