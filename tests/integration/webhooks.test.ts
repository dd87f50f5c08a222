import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, signIn } from "./client";
import { exited, freePort, startNext, waitFor } from "./processes";
import type { AppInfo } from "./setup";

interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}

/**
 * A lender's CRM in the test: answers each delivery (by its webhook-id) as `answer` says for its n-th try (1-based).
 */
async function receiver(answer: (attempt: number) => number = () => 200) {
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers as IncomingHttpHeaders).map(([name, value]) => [name, String(value)]),
      );
      const id = headers["webhook-id"] ?? "";
      const attempt = (tries.get(id) ?? 0) + 1;
      tries.set(id, attempt);
      const status = answer(attempt);
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), status });
      response.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "thanks" : "receiver is down");
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (up to 30 s) until `check` returns something. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const parsed = (r: Received) =>
  JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

describe("signed webhooks into the lender's CRM (the shared embedded app: private addresses allowed, retries in seconds)", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let officer: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    officer = await signIn(app, "officer@example.com", "officer-demo");
  });

  it("retries a receiver that fails three times, then delivers once, with the same webhook-id and valid signatures", async () => {
    const crm = await receiver((attempt) => (attempt <= 3 ? 500 : 200));
    try {
      const made = await call(app, "POST", "/api/admin/webhooks", {
        cookie: admin,
        body: { url: crm.url, events: ["client.refreshed", "opportunity.found"], description: "CRM that recovers" },
      });
      expect(made.status).toBe(201);
      expect(made.body.secret).toMatch(/^whsec_/);
      // The secret is shown once: the list never carries it.
      const listed = await call(app, "GET", "/api/admin/webhooks", { cookie: admin });
      expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);

      // A real event: an officer's client refreshed.
      const clients = await call(app, "GET", "/api/clients", { cookie: officer });
      const clientId = clients.body.clients[0].id as number;
      expect((await call(app, "POST", `/api/clients/${clientId}/refresh`, { cookie: officer })).status).toBe(200);

      const tries = await eventually(() => {
        const mine = crm.received.filter(
          (r) => parsed(r).type === "client.refreshed" && parsed(r).data.clientId === clientId,
        );
        return mine.some((r) => r.status === 200) ? mine : undefined;
      }, "the refresh's event to be delivered");
      expect(tries.map((r) => r.status)).toEqual([500, 500, 500, 200]);
      expect(new Set(tries.map((r) => r.headers["webhook-id"])).size).toBe(1);
      expect(tries[0]!.headers["webhook-id"]).toMatch(/^msg_/);
      // Each try is signed afresh, and verifies with the standardwebhooks package and the secret shown at creation.
      for (const attempt of tries)
        expect(new Webhook(made.body.secret).verify(attempt.body, attempt.headers)).toMatchObject({
          type: "client.refreshed",
        });
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(tries[0]!.body, tries[0]!.headers),
      ).toThrow();
      const data = parsed(tries[0]!).data;
      expect(data).toMatchObject({ clientId, scheduled: false });
      expect(typeof data.value).toBe("number");

      // The delivery log: delivered on the fourth attempt, the receiver's answer kept; the endpoint is healthy again.
      const log = await eventually(async () => {
        const reply = await call(app, "GET", `/api/admin/webhooks/${made.body.id}/deliveries`, { cookie: admin });
        const row = reply.body.deliveries.find((d: { id: string }) => d.id === tries[0]!.headers["webhook-id"]);
        return row?.status === "delivered" ? row : undefined;
      }, "the delivery log to say delivered");
      expect(log).toMatchObject({
        eventType: "client.refreshed",
        attempts: 4,
        responseStatus: 200,
        responseSummary: "thanks",
      });
      const endpoint = (await call(app, "GET", "/api/admin/webhooks", { cookie: admin })).body.endpoints.find(
        (e: { id: number }) => e.id === made.body.id,
      );
      expect(endpoint).toMatchObject({ enabled: true, failingSince: null });

      // "Send again": the same id once more.
      expect(
        (await call(app, "POST", `/api/admin/webhooks/${made.body.id}/deliveries/${log.id}/retry`, { cookie: admin }))
          .status,
      ).toBe(202);
      await eventually(
        () => (crm.received.filter((r) => r.headers["webhook-id"] === log.id).length === 5 ? true : undefined),
        "the delivery sent again",
      );

      // The activity log names each change in words.
      const audited = await call(app, "GET", "/api/admin/audit?action=webhook.create", { cookie: admin });
      expect(audited.body.events[0]).toMatchObject({
        action: "webhook.create",
        outcome: "allowed",
        detail: { endpointId: made.body.id },
      });
    } finally {
      await crm.close();
    }
  });

  it("signs with both secrets for 24 hours after a rotation, and sends a test event on request", async () => {
    const crm = await receiver();
    try {
      const made = await call(app, "POST", "/api/admin/webhooks", {
        cookie: admin,
        body: { url: crm.url, events: ["lead.created"] },
      });
      const rotated = await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, {
        cookie: admin,
        body: { rotateSecret: true },
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(made.body.secret);
      const hours = (Date.parse(rotated.body.previousSecretUntil) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      const sent = await call(app, "POST", `/api/admin/webhooks/${made.body.id}/test`, { cookie: admin, body: {} });
      expect(sent.status).toBe(202);
      const got = await eventually(
        () => crm.received.find((r) => r.headers["webhook-id"] === sent.body.id),
        "the test event",
      );
      expect(parsed(got)).toMatchObject({ type: "lead.created", data: { test: true } });
      const signatures = got.headers["webhook-signature"]!.split(" ");
      expect(signatures).toHaveLength(2);
      for (const secret of [made.body.secret, rotated.body.secret])
        expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: "lead.created" });
    } finally {
      await crm.close();
    }
  });

  it("refuses a URL it must not send to, naming the field; non-admins are refused", async () => {
    const cases: [unknown, string][] = [
      [{ url: "ftp://crm.example.com/hooks", events: ["lead.created"] }, "url"],
      [{ url: "https://user:secret@crm.example.com/hooks", events: ["lead.created"] }, "url"],
      [{ url: "not a url", events: ["lead.created"] }, "url"],
      [{ events: ["lead.created"] }, "url"],
      [{ url: "https://crm.example.com/hooks", events: [] }, "events"],
      [{ url: "https://crm.example.com/hooks", events: ["lead.deleted"] }, "events.0"],
    ];
    for (const [body, field] of cases) {
      const reply = await call(app, "POST", "/api/admin/webhooks", { cookie: admin, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await call(app, "PATCH", "/api/admin/webhooks/1", { cookie: admin, body: {} })).status).toBe(400);
    expect((await call(app, "GET", "/api/admin/webhooks", { cookie: officer })).status).toBe(403);
    expect(
      (
        await call(app, "POST", "/api/admin/webhooks", {
          cookie: officer,
          body: { url: "https://crm.example.com/x", events: ["lead.created"] },
        })
      ).status,
    ).toBe(403);
  });
});

/**
 * An app of its own on the embedded defaults, started twice on one data folder: with private addresses allowed (an
 * endpoint at 127.0.0.1 registered), then without (its deliveries refused when they connect, the reason logged).
 */
describe("webhooks without WEBHOOKS_ALLOW_PRIVATE", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "webhooks-"));
  let child: ChildProcess | undefined;
  let app: AppInfo;
  let logText = "";

  const start = async (port: number, env: Record<string, string>) => {
    const url = `http://127.0.0.1:${port}`;
    child = startNext(
      port,
      { NEXTAUTH_URL: url, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", PROPERTY_API_BASE_URL: "", ...env },
      "inherit",
      "pipe",
    );
    child.stdout!.on("data", (chunk: Buffer) => (logText += chunk.toString("utf8")));
    await waitFor(`${url}/api/openapi.json`, child, "app");
  };
  const stop = async () => {
    if (!child) return;
    child.kill("SIGTERM");
    await exited(child);
    child = undefined;
  };

  beforeAll(async () => {
    const port = await freePort();
    app = {
      name: "embedded",
      url: `http://127.0.0.1:${port}`,
      admin: { email: "admin@example.com", password: "admin-demo" },
      userLimitPerMinute: 1000,
      dataDir,
    };
    // Step-up lasts 6 s here, so that a session's factor grows old within the test.
    await start(port, { WEBHOOKS_ALLOW_PRIVATE: "true", STEP_UP_MINUTES: "0.1" });
  });
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("asks for a recent second factor before an endpoint is added, pointed elsewhere, given a new secret or deleted; turning one off needs none", async () => {
    let admin = await signIn(app, app.admin.email, app.admin.password);
    const made = await call(app, "POST", "/api/admin/webhooks", {
      cookie: admin,
      body: { url: "http://127.0.0.1:9/crm", events: ["lead.created"] },
    });
    expect(made.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    const stale = [
      await call(app, "POST", "/api/admin/webhooks", {
        cookie: admin,
        body: { url: "http://127.0.0.1:9/elsewhere", events: ["lead.created"] },
      }),
      await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, {
        cookie: admin,
        body: { url: "http://127.0.0.1:9/elsewhere" },
      }),
      await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, {
        cookie: admin,
        body: { events: ["lead.created", "lead.updated"] },
      }),
      await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, { cookie: admin, body: { rotateSecret: true } }),
    ];
    expect(stale.map((answer) => [answer.status, answer.body.error?.code])).toEqual(
      Array(4).fill([403, "step_up_required"]),
    );
    const off = await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, {
      cookie: admin,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const listed = await call(app, "GET", "/api/admin/webhooks", { cookie: admin });
    expect(listed.body.endpoints.map((e: { url: string; enabled: boolean }) => [e.url, e.enabled])).toEqual([
      ["http://127.0.0.1:9/crm", false],
    ]);
    // Only turning it off: words beside it are a change like any other, and deleting it loses it for good.
    const offAndMore = await call(app, "PATCH", `/api/admin/webhooks/${made.body.id}`, {
      cookie: admin,
      body: { enabled: false, description: "Turned off by the security team; ignore its failures" },
    });
    const deleted = await call(app, "DELETE", `/api/admin/webhooks/${made.body.id}`, { cookie: admin });
    expect([offAndMore, deleted].map((answer) => [answer.status, answer.body.error?.code])).toEqual(
      Array(2).fill([403, "step_up_required"]),
    );
    admin = await signIn(app, app.admin.email, app.admin.password);
    // Each refusal names the endpoint it was for.
    const refused = (await call(app, "GET", "/api/admin/audit?outcome=refused&limit=50", { cookie: admin })).body
      .events as { action: string; detail: { endpointId?: number; webhookId?: number } }[];
    const named = refused
      .filter((event) => event.action.startsWith("webhook."))
      .map((event) => [event.action, event.detail.endpointId ?? event.detail.webhookId]);
    expect(named).toEqual(
      expect.arrayContaining([
        ["webhook.update", made.body.id],
        ["webhook.delete", made.body.id],
      ]),
    );
    expect((await call(app, "DELETE", `/api/admin/webhooks/${made.body.id}`, { cookie: admin })).status).toBe(204);
  });

  it("refuses a receiver at 127.0.0.1, at registration and when it connects, with the reason in the delivery log and the app's log", async () => {
    const crm = await receiver();
    try {
      let admin = await signIn(app, app.admin.email, app.admin.password);
      const made = await call(app, "POST", "/api/admin/webhooks", {
        cookie: admin,
        body: { url: crm.url, events: ["lead.created"] },
      });
      expect(made.status).toBe(201);

      await stop();
      await start(Number(new URL(app.url).port), {});
      admin = await signIn(app, app.admin.email, app.admin.password);

      // Registration: https only, and never a private address.
      const plain = await call(app, "POST", "/api/admin/webhooks", {
        cookie: admin,
        body: { url: crm.url, events: ["lead.created"] },
      });
      expect(plain.status).toBe(400);
      // Each refusal says how a developer allows a receiver on their own machine.
      expect(plain.body.error.fields.url).toMatch(
        /^must be https \(to try a receiver .* WEBHOOKS_ALLOW_PRIVATE=true; never in production\)$/,
      );
      for (const url of [
        "https://127.0.0.1/hooks",
        "https://localhost/hooks",
        "https://[::1]/hooks",
        "https://169.254.169.254/latest",
      ]) {
        const reply = await call(app, "POST", "/api/admin/webhooks", {
          cookie: admin,
          body: { url, events: ["lead.created"] },
        });
        expect(reply.status, url).toBe(400);
        expect(reply.body.error.fields.url, url).toMatch(
          /private, loopback or link-local address \(.*WEBHOOKS_ALLOW_PRIVATE=true/,
        );
      }

      // The endpoint registered before: its delivery is refused when it connects (after DNS), and says why.
      const sent = await call(app, "POST", `/api/admin/webhooks/${made.body.id}/test`, { cookie: admin, body: {} });
      expect(sent.status).toBe(202);
      const row = await eventually(async () => {
        const reply = await call(app, "GET", `/api/admin/webhooks/${made.body.id}/deliveries`, { cookie: admin });
        const found = reply.body.deliveries.find((d: { id: string }) => d.id === sent.body.id);
        return found?.attempts > 0 ? found : undefined;
      }, "the refused attempt");
      expect(row.status).not.toBe("delivered");
      expect(row.responseStatus).toBeNull();
      expect(row.responseSummary).toMatch(/^refused: 127\.0\.0\.1 is a private, loopback or link-local address/);
      expect(crm.received).toEqual([]);
      await eventually(
        () => (logText.includes(sent.body.id) && /webhooks: delivery failed/.test(logText) ? true : undefined),
        "the log line",
      );
      const line = logText.split("\n").find((l) => l.includes(sent.body.id) && l.includes("delivery failed"))!;
      expect(line).toContain("refused: 127.0.0.1 is a private");
    } finally {
      await crm.close();
    }
  });
});
