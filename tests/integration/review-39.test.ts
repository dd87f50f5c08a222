import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, newAccount, signIn } from "./client";

/**
 * Security review of issue 39: ids past a PostgreSQL integer (2^31 - 1) and path segments that do not decode are the
 * caller's mistake, answered as a JSON 400 naming what is wrong, never as a 500 (which a stranger could provoke at
 * will).
 */
const TOO_LARGE = "2147483648";
const LARGEST = 2147483647;

type Caller = "signedOut" | "admin" | "homeowner";
interface Case {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (id: string) => string;
  /** The field a too-large id is named as (the path's own segment, or the body's field). */
  field: string;
  as: Caller;
  body?: unknown;
}

/** Every dynamic API route with an id that reaches an integer column, called with `id` in that segment. */
const PATH_IDS: Case[] = [
  { method: "GET", path: (id) => `/api/officers/${id}/photo`, field: "userId", as: "signedOut" },
  { method: "GET", path: (id) => `/api/leads/${id}`, field: "leadId", as: "admin" },
  { method: "PATCH", path: (id) => `/api/leads/${id}`, field: "leadId", as: "admin", body: { status: "contacted" } },
  {
    method: "PATCH",
    path: (id) => `/api/admin/users/${id}`,
    field: "userId",
    as: "admin",
    body: { role: "homeowner" },
  },
  { method: "DELETE", path: (id) => `/api/admin/users/${id}`, field: "userId", as: "admin" },
  { method: "DELETE", path: (id) => `/api/admin/users/${id}/factors`, field: "userId", as: "admin" },
  { method: "DELETE", path: (id) => `/api/admin/users/${id}/sessions`, field: "userId", as: "admin" },
  {
    method: "PUT",
    path: (id) => `/api/admin/users/${id}/officer`,
    field: "userId",
    as: "admin",
    body: { officerId: null },
  },
  { method: "DELETE", path: (id) => `/api/admin/tokens/${id}`, field: "tokenId", as: "admin" },
  { method: "DELETE", path: (id) => `/api/account/tokens/${id}`, field: "tokenId", as: "admin" },
  {
    method: "PATCH",
    path: (id) => `/api/admin/webhooks/${id}`,
    field: "webhookId",
    as: "admin",
    body: { enabled: false },
  },
  { method: "DELETE", path: (id) => `/api/admin/webhooks/${id}`, field: "webhookId", as: "admin" },
  { method: "GET", path: (id) => `/api/admin/webhooks/${id}/deliveries`, field: "webhookId", as: "admin" },
  { method: "POST", path: (id) => `/api/admin/webhooks/${id}/test`, field: "webhookId", as: "admin", body: {} },
  {
    method: "POST",
    path: (id) => `/api/admin/webhooks/${id}/deliveries/msg_review39/retry`,
    field: "webhookId",
    as: "admin",
  },
  {
    method: "PATCH",
    path: (id) => `/api/opportunities/${id}`,
    field: "opportunityId",
    as: "admin",
    body: { status: "contacted" },
  },
  { method: "POST", path: (id) => `/api/clients/${id}/refresh`, field: "clientId", as: "admin" },
  { method: "POST", path: (id) => `/api/clients/${id}/invite`, field: "clientId", as: "admin" },
  { method: "GET", path: (id) => `/api/owner-figures/${id}`, field: "propertyId", as: "homeowner" },
  { method: "DELETE", path: (id) => `/api/owner-figures/${id}`, field: "propertyId", as: "homeowner" },
];

/** Ids sent in a JSON body that reach an integer column. */
const BODY_IDS: (Case & { body: unknown })[] = [
  {
    method: "PATCH",
    path: () => "/api/admin/sites",
    field: "siteId",
    as: "admin",
    body: { siteId: Number(TOO_LARGE), officerId: null },
  },
  {
    method: "PATCH",
    path: () => "/api/admin/sites",
    field: "officerId",
    as: "admin",
    body: { siteId: 1, officerId: Number(TOO_LARGE) },
  },
  {
    method: "POST",
    path: () => "/api/admin/sites",
    field: "officerId",
    as: "admin",
    body: {
      name: "review-39",
      allowedOrigins: ["https://review-39.example"],
      dailyBudget: 10,
      officerId: Number(TOO_LARGE),
    },
  },
  {
    method: "PUT",
    path: () => "/api/admin/users/1/officer",
    field: "officerId",
    as: "admin",
    body: { officerId: Number(TOO_LARGE) },
  },
  {
    method: "PUT",
    path: () => "/api/admin/organization",
    field: "defaultOfficerId",
    as: "admin",
    body: { companyName: null, nmlsId: null, equalHousingStatement: "", defaultOfficerId: Number(TOO_LARGE) },
  },
];

describe("review 39: bad ids and undecodable segments are 400s, never 500s (embedded service)", () => {
  const app = inject("apps").embedded;
  const cookies: Record<Caller, string | undefined> = { signedOut: undefined, admin: undefined, homeowner: undefined };
  beforeAll(async () => {
    cookies.admin = await signIn(app, app.admin.email, app.admin.password);
    cookies.homeowner = (await newAccount(app)).cookie;
  });

  const send = (c: Case, id: string, body = c.body) => call(app, c.method, c.path(id), { cookie: cookies[c.as], body });

  it.each(PATH_IDS.map((c) => [`${c.method} ${c.path(":id")}`, c] as const))(
    "%s: an id past 2^31 - 1 is a 400 naming it",
    async (_, c) => {
      const reply = await send(c, TOO_LARGE);
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.error.fields[c.field]).toBe(`must be at most ${LARGEST}`);
    },
  );

  it.each(PATH_IDS.map((c) => [`${c.method} ${c.path(":id")}`, c] as const))(
    "%s: the largest id is looked up (never a 500)",
    async (_, c) => {
      const reply = await send(c, String(LARGEST));
      expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
      expect(reply.status).not.toBe(400);
    },
  );

  it.each(PATH_IDS.map((c) => [`${c.method} ${c.path(":id")}`, c] as const))(
    "%s: a segment that does not decode is a JSON 400",
    async (_, c) => {
      const reply = await send(c, "%ff");
      expect(reply.status).toBe(400);
      expect(reply.headers.get("content-type")).toContain("application/json");
      expect(reply.body.error.fields.path).toBe("is not valid percent-encoded UTF-8");
    },
  );

  it("a retry of a delivery whose id does not decode is a JSON 400", async () => {
    const reply = await call(app, "POST", "/api/admin/webhooks/1/deliveries/%ff/retry", { cookie: cookies.admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields.path).toBe("is not valid percent-encoded UTF-8");
  });

  it.each(BODY_IDS.map((c) => [`${c.method} ${c.path("")} ${c.field}`, c] as const))(
    "%s past 2^31 - 1 is a 400 naming it",
    async (_, c) => {
      const reply = await send(c, "");
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.error.fields[c.field]).toBe(`must be at most ${LARGEST}`);
    },
  );
});
