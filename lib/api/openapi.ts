import { z } from "zod";
import { DbId, MAX_DB_ID } from "@/lib/db/id";
import { EVENT_SCHEMAS } from "@/lib/webhooks/schemas";
import { ErrorBody } from "./schemas/common";
import type { RouteSpec } from "./route";
import { TAGS, tagOf } from "./openapi-tags";

/** A route file's exports: its handlers, each made by route() and carrying its declaration. */
export type RouteModule = Record<string, unknown>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

const ERRORS: Record<number, string> = {
  400: "Invalid input: the message and `fields` name each field and the reason",
  401: "Not signed in",
  403: "Not allowed: the wrong role, someone else's property, or a request from another origin",
  404: "Not found",
  409: "In conflict with what exists",
  410: "Gone: used or expired",
  413: "The request body is too large (64 KB; a CSV import takes about 1 MB)",
  422: "The deed does not name this person",
  429: "Too many requests; see Retry-After",
  500: "Something went wrong on our side",
  502: "The property data service failed",
  503: "Unavailable (the app's database, or the property data service); see Retry-After",
  504: "The property data service timed out",
};

// A route with `stepUp`: its 403 says how to answer one.
const STEP_UP =
  "or `step_up_required`: it needs a second factor given in the last 10 minutes (`POST /api/account/second-factor`, then try again)";

const json = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    // A row's id is read from text (digits alone), but what it is, to a client, is a whole number in a range.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema !== DbId) return;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: MAX_DB_ID });
    },
  });
const content = (schema: z.ZodType) => ({ "application/json": { schema: json(schema, "output") } });

/** A bearer secret's security scheme, named after its variable: METRICS_TOKEN → metricsToken. */
const schemeOf = (variable: string) =>
  variable.toLowerCase().replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Every status an operation can answer: its own, and those route() answers for it. */
export function statusesOf(spec: RouteSpec, method: string): number[] {
  const input = !!(spec.body || spec.query || spec.params || spec.upload);
  const signedIn = spec.roles !== "public";
  const statuses = [
    ...Object.keys(spec.responses).map(Number),
    ...(spec.errors ?? []),
    ...(input ? [400] : []),
    ...(spec.body ? [413] : []),
    ...(signedIn || spec.stepUp ? [401, 403] : []),
    ...(spec.bearer ? [401, 404] : []),
    // A token unknown, expired or revoked (401), without the scope (403), or too many such from one address (429).
    ...(spec.tokenScope ? [401, 403, 429] : []),
    ...(!spec.crossOrigin && !SAFE.has(method) ? [403] : []),
    500,
    503,
  ];
  return [...new Set(statuses)].sort((a, b) => a - b);
}

function operation(spec: RouteSpec, method: string) {
  const parameters = [
    ...Object.entries((spec.params as z.ZodObject | undefined)?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "path",
      required: true,
      schema: json(schema as z.ZodType, "input"),
    })),
    ...Object.entries((spec.query as z.ZodObject | undefined)?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: json(schema as z.ZodType, "input"),
    })),
  ];
  const responses: Record<string, unknown> = {};
  for (const status of statusesOf(spec, method)) {
    const declared = spec.responses[status];
    if (declared === undefined)
      responses[status] = {
        description: status === 403 && spec.stepUp ? `${ERRORS[403]}; ${STEP_UP}` : (ERRORS[status] ?? "Failure"),
        content: content(ErrorBody),
      };
    else if (declared === null) responses[status] = { description: "Done; no body" };
    else if ("files" in declared)
      responses[status] = {
        description: declared.description ?? (declared.json ? "The answer as JSON, or as a file" : "The file"),
        content: {
          ...Object.fromEntries(declared.files.map((type) => [type, {}])),
          ...(declared.json ? content(declared.json) : {}),
        },
      };
    else responses[status] = { description: status < 300 ? "Success" : "See the body", content: content(declared) };
  }
  return {
    summary: spec.summary,
    description: spec.bearer
      ? `Who may call it: whoever holds ${spec.bearer.variable} (\`Authorization: Bearer\`); off (404) while it is unset.`
      : spec.roles === "public"
        ? "Anyone may call it."
        : `Who may call it: ${spec.roles.join(", ")}.${spec.tokenScope ? ` Also an API token with the scope \`${spec.tokenScope}\`.` : ""}`,
    ...(spec.bearer
      ? { security: [{ [schemeOf(spec.bearer.variable)]: [] }] }
      : spec.roles === "public"
        ? {}
        : { security: [{ session: [] }, ...(spec.tokenScope ? [{ apiToken: [spec.tokenScope] }] : [])] }),
    ...(spec.tokenScope ? { "x-token-scope": spec.tokenScope } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: json(spec.body, "input") } } } }
      : {}),
    ...(spec.upload
      ? {
          requestBody: {
            required: true,
            description: `The file itself (at most ${spec.upload.maxBytes / 1024 / 1024} MB); a 400 names \`${spec.upload.field}\`.`,
            content: Object.fromEntries(
              spec.upload.contentTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          },
        }
      : {}),
    responses,
  };
}

const SIGNATURE_HEADERS = [
  { name: "webhook-id", description: "msg_…: the delivery's id, the same on every retry (drop repeats by it)" },
  { name: "webhook-timestamp", description: "When this attempt was signed, in seconds since the epoch" },
  {
    name: "webhook-signature",
    description:
      "v1,<base64 HMAC-SHA256>, space-separated; two while a rotated secret is still valid. Verify with the standardwebhooks package",
  },
].map((header) => ({ ...header, in: "header", required: true, schema: { type: "string" } }));

/**
 * The events the app sends to the lender's endpoints (OpenAPI 3.1 `webhooks`): each a signed POST (Standard Webhooks)
 * of `{ type, timestamp, data }`, answered with any 2xx, retried with backoff for 3 days otherwise.
 */
export function webhooksSection() {
  return Object.fromEntries(
    Object.entries(EVENT_SCHEMAS).map(([type, data]) => [
      type,
      {
        post: {
          summary: data.description ?? type,
          description:
            "Signed per Standard Webhooks. Any 2xx within 10 s is delivered; anything else (a redirect too) is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h for 3 days.",
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: json(
                  z.object({
                    type: z.literal(type),
                    timestamp: z.iso.datetime().describe("When the event happened"),
                    data,
                  }),
                  "output",
                ),
              },
            },
          },
          responses: { "200": { description: "Received (any 2xx)" } },
        },
      },
    ]),
  );
}

/**
 * The app's API as OpenAPI 3.1, generated from the routes' own declarations: the path each is served at, and what
 * route() was given (roles, body, query, path parameters, answers, failures). `{userId}` is `[userId]` on disk.
 */
export function openApiDocument(routes: Record<string, RouteModule>, origin?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const securitySchemes: Record<string, unknown> = {
    session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
    apiToken: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "hdt_…",
      description:
        "An API token made on /account (or the organization's, on /admin): `Authorization: Bearer hdt_…`. Each operation that takes one names the scope it needs; any other answers 403 `token_not_allowed`.",
    },
  };
  for (const [path, module] of Object.entries(routes)) {
    for (const method of METHODS) {
      const spec = (module[method] as { spec?: RouteSpec } | undefined)?.spec;
      if (!spec) continue;
      (paths[path] ??= {})[method.toLowerCase()] = { tags: [tagOf(path, spec)], ...operation(spec, method) };
      if (spec.bearer)
        securitySchemes[schemeOf(spec.bearer.variable)] = {
          type: "http",
          scheme: "bearer",
          description: `The value of ${spec.bearer.variable}`,
        };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Homeowner Dashboard API",
      version: "1.0.0",
      description:
        "Sign in with next-auth (the session cookie, or its token as `Authorization: Bearer`), or send an API token (`Authorization: Bearer hdt_…`, made on /account) to the operations that name its scope. Every failure answers { error: { code, message, fields? } }. Requests that change something must come from this app's own pages (Origin), except the widget API.",
    },
    // The app's own origin: the reference's "try it" and its curl examples name it (`curl https://app.example/api/…`).
    ...(origin ? { servers: [{ url: origin, description: "This app" }] } : {}),
    tags: TAGS,
    components: { securitySchemes },
    paths,
    webhooks: webhooksSection(),
  };
}
