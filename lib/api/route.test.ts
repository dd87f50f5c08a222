import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type * as NextServer from "next/server";
import type { SessionUser } from "@/lib/auth/roles";
import type * as AuditLog from "@/lib/services/audit/log";

const session = vi.hoisted(() => ({ user: undefined as SessionUser | undefined }));
const audited = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock("@/lib/auth/session", () => ({ userFromRequest: async () => session.user }));
vi.mock("@/lib/services/audit/log", async (original) => ({
  ...(await original<typeof AuditLog>()),
  audit: async (event: Record<string, unknown>) => void audited.push(event),
}));
// Outside a Next.js request there is no `after`: the work it schedules runs once the answer is made.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof NextServer>()),
  after: (work: () => unknown) => void Promise.resolve().then(work),
}));
const { route, MAX_BODY_BYTES } = await import("./route");

const post = (body: string, url = "http://app.test/api/thing") =>
  new Request(url, { method: "POST", body, headers: { "Content-Type": "application/json" } });

describe("route()", () => {
  const handler = route(
    {
      roles: "public",
      crossOrigin: true,
      body: z.object({ key: z.string() }),
      summary: "test",
      responses: { 200: null },
      headers: (_request, { body }) => ({ "X-Seen": (body as { key?: string } | undefined)?.key ?? "none" }),
    },
    async ({ body }) => Response.json({ ok: body.key }),
  );

  it("adds its headers to a success", async () => {
    const response = await handler(post(JSON.stringify({ key: "k" })));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-seen")).toBe("k");
  });

  it("adds its headers to failures before and after the body is read", async () => {
    const invalidBody = await handler(post(JSON.stringify({ key: 7 })));
    expect(invalidBody.status).toBe(400);
    expect(invalidBody.headers.get("x-seen")).toBe("7");
    const invalidJson = await handler(post("{"));
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.headers.get("x-seen")).toBe("none");
    const tooLarge = await handler(post(JSON.stringify({ key: "x".repeat(MAX_BODY_BYTES) })));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("x-seen")).toBe("none");
  });

  it("validates the path's segments from the route context", async () => {
    const byId = route(
      {
        roles: "public",
        summary: "test",
        responses: { 200: null },
        params: z.object({ id: z.coerce.number().int().positive("must be a positive whole number") }),
      },
      async ({ params }) => Response.json({ id: params.id }),
    );
    const ok = await byId(new Request("http://app.test/api/things/7"), { params: Promise.resolve({ id: "7" }) });
    expect(await ok.json()).toEqual({ id: 7 });
    const bad = await byId(new Request("http://app.test/api/things/0"), { params: Promise.resolve({ id: "0" }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ id: "must be a positive whole number" });
  });

  it("takes a larger body where the route allows one (a CSV import), and still refuses past it", async () => {
    const file = route(
      {
        roles: "public",
        crossOrigin: true,
        body: z.object({ key: z.string() }),
        maxBodyBytes: 4 * MAX_BODY_BYTES,
        summary: "test",
        responses: { 200: null },
      },
      async ({ body }) => Response.json({ length: body.key.length }),
    );
    const large = await file(post(JSON.stringify({ key: "x".repeat(2 * MAX_BODY_BYTES) })));
    expect(await large.json()).toEqual({ length: 2 * MAX_BODY_BYTES });
    const tooLarge = await file(post(JSON.stringify({ key: "x".repeat(4 * MAX_BODY_BYTES) })));
    expect(tooLarge.status).toBe(413);
  });
});

describe("route() with a step-up", () => {
  const handled = vi.fn();
  const exportClients = route(
    { roles: ["loan_officer"], stepUp: "clients.export", summary: "test", responses: { 200: null } },
    async () => {
      handled();
      return new Response("the file");
    },
  );
  const officer = (minutesAgo: number | undefined): SessionUser => ({
    id: 7,
    email: "officer@example.com",
    role: "loan_officer",
    ownerIds: [],
    name: null,
    secondFactor: "given",
    ...(minutesAgo === undefined ? {} : { secondFactorAt: Date.now() - minutesAgo * 60_000 }),
  });
  const get = () => exportClients(new Request("http://app.test/api/clients/export"));

  it("refuses a factor older than the step-up time with 403 step_up_required, logs it once, and never runs the work", async () => {
    for (const user of [officer(11), officer(undefined)]) {
      session.user = user;
      audited.length = 0;
      handled.mockClear();
      const refused = await get();
      expect([refused.status, (await refused.json()).error.code]).toEqual([403, "step_up_required"]);
      expect(audited).toEqual([
        expect.objectContaining({
          action: "clients.export",
          outcome: "refused",
          actor: expect.objectContaining({ id: 7 }),
          detail: { reason: "step_up_required" },
        }),
      ]);
      expect(handled).not.toHaveBeenCalled();
    }
  });

  it("serves a factor given within the step-up time, writing no refusal", async () => {
    session.user = officer(2);
    audited.length = 0;
    const served = await get();
    expect([served.status, await served.text()]).toEqual([200, "the file"]);
    expect(audited).toEqual([]);
  });

  it("checks the role first: the wrong role or no session is refused as such, with no step-up row", async () => {
    audited.length = 0;
    session.user = { ...officer(11), role: "homeowner" };
    expect((await get()).status).toBe(403);
    session.user = undefined;
    expect((await get()).status).toBe(401);
    expect(audited).toEqual([]);
  });
});
