import "server-only";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { bearerApiToken, type TokenScope } from "@/lib/auth/api-token-format";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { userFromRequest } from "@/lib/auth/session";
import { requireRole, requireStepUp, type UnfinishedSignIn } from "@/lib/services/access";
import { audit, type AuditAction } from "@/lib/services/audit/log";
import { authenticateApiToken, type TokenHolder } from "@/lib/services/identity/api-tokens";
import { AppError, isUnavailable, unauthorized } from "@/lib/services/errors";
import { assertText } from "./well-formed";
import { visitorIp, type Caller } from "@/lib/services/platform/gateway";
import { log, requestContext } from "@/lib/log";
import { requestTimer } from "@/lib/observability/metrics";
import { noteRequestId } from "@/lib/observability/trace";
import { BodyTooLarge, readBytesWithin, readTextWithin } from "@/lib/security/body-limit";
import { holdPendingWrites } from "./pending-writes";
import { routePattern } from "./route-pattern";

export const MAX_BODY_BYTES = 64 * 1024;

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** A secret a machine (a metrics scraper) sends as `Authorization: Bearer`, instead of a person's session. */
export interface BearerSecret {
  /** The variable that holds it, for the OpenAPI document and the answer while it is unset. */
  variable: string;
  /** Its value now; undefined turns the route off (404). */
  secret: () => string | undefined;
}

interface RouteOptions<B extends Schema, Q extends Schema, P extends Schema> {
  /** Who may call it; `public` for anyone (and for a route with `bearer`, which reads no session). */
  roles: readonly Role[] | "public";
  /**
   * Only requests that carry this secret (compared in constant time) are served; 401 for any other, 404 while it is
   * unset.
   */
  bearer?: BearerSecret;
  /**
   * Serves requests with an API token (`Authorization: Bearer hdt_…`) that has this scope, as the token's owner (still
   * staff). Tokens never pass a step-up, so a route that asks for one refuses them. A route without it answers any API
   * token 403 `token_not_allowed`: tokens never manage tokens, staff or settings.
   */
  tokenScope?: TokenScope;
  /**
   * Sessions that have not finished signing in that it serves: `enrol` (staff setting up their first factor), `pending`
   * (giving the account's factor). Every other route answers them 403 (`second_factor_enrolment_required`,
   * `second_factor_required`), and a public one treats them as signed out.
   */
  unfinished?: readonly UnfinishedSignIn[];
  /**
   * A step-up, named by the activity log's action: a second factor given in the last STEP_UP_MINUTES, checked after the
   * role and the path's ids and before the body is read, or a 403 `step_up_required` logged as that action refused,
   * the row naming those ids (see requireStepUp).
   * An API token never passes one.
   */
  stepUp?: AuditAction;
  /** Accepts state-changing requests from other origins (the widget API, which checks them itself). */
  crossOrigin?: boolean;
  body?: B;
  /** A larger body limit than MAX_BODY_BYTES, for a route that takes a file (a CSV import). */
  maxBodyBytes?: number;
  /**
   * The body is a file sent as it is (an image: `Content-Type: image/png`, not multipart), handed over as bytes: one
   * larger than `maxBytes` is a 400 `too_large` naming `field`, refused before it is read whole. Its content is the
   * handler's to check (a declared type proves nothing).
   */
  upload?: { field: string; maxBytes: number; contentTypes: readonly string[] };
  query?: Q;
  /** The dynamic segments of the route's path (`[userId]`). */
  params?: P;
  /**
   * Headers for every answer, failures included (the widget API's CORS); `body`: the JSON sent, once read, unvalidated.
   */
  headers?: (request: Request, read: { body?: unknown }) => HeadersInit | Promise<HeadersInit>;
  /** For the OpenAPI document: what the operation does. */
  summary: string;
  /**
   * Each success status and its body: a schema, `null` for none, or the content types of a file (and the schema of its
   * JSON, when the route answers JSON or a file as asked).
   */
  responses: Record<number, z.ZodType | null | { files: readonly string[]; json?: z.ZodType; description?: string }>;
  /**
   * The failure statuses the operation itself can answer. Those route() answers are added to the document by it: 400
   * for input, 413 for a body, 401 and 403 for roles, 403 for a step-up and for another origin, 500, 503.
   */
  errors?: readonly number[];
}

/** A route's declaration, kept on its handler: the OpenAPI document is generated from these. */
export type RouteSpec = Omit<RouteOptions<Schema, Schema, Schema>, "headers">;

interface Context<B extends Schema, Q extends Schema, P extends Schema, R> {
  request: Request;
  user: R extends "public" ? SessionUser | undefined : SessionUser;
  caller: Caller & { user: SessionUser };
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** The uploaded file's bytes, for a route with `upload`. */
  upload: Buffer;
}

/** What Next.js hands a route handler beside the request: the dynamic segments of its path. */
export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

function errorResponse(error: AppError): Response {
  const headers: HeadersInit = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : {};
  const body = {
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
  return Response.json(body, { status: error.status, headers });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from a browser carries Origin; it must be this app's (a cross-site form or fetch is not).
 */
function sameOrigin(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (!origin) return true; // not a browser request, or a same-origin navigation that sends none
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Issues carry what was sent, so that a value of the wrong type is told apart from a missing one ("is required"). */
export const WITH_INPUT = { reportInput: true } as const;

export function invalid(error: z.ZodError, where: "body" | "query" | "params" | "form"): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || where;
    fields[path] ??=
      issue.code === "invalid_type" && issue.input === undefined
        ? `${path.split(".").at(-1)} is required`
        : issue.message;
  }
  const [field, reason] = Object.entries(fields)[0]!;
  // A reason that is already a sentence naming its field ("The password must be …") is the message as it is.
  const named = reason.startsWith(field.split(".").at(-1)!) || reason.startsWith("The ");
  return new AppError({ code: "invalid_request", message: named ? reason : `${field}: ${reason}`, fields });
}

const tooLarge = (limit: number) =>
  new AppError({ code: "too_large", message: `The request body is larger than ${limit / 1024} KB.` });

/** The body as text, read only up to `limit` bytes (never buffered whole). */
async function readLimited(request: Request, limit: number): Promise<string> {
  try {
    return await readTextWithin(request, limit);
  } catch (error) {
    throw error instanceof BodyTooLarge ? tooLarge(limit) : error;
  }
}

async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readLimited(request, limit);
  if (!text.trim())
    throw new AppError({
      code: "invalid_request",
      message: "The request body is empty; send a JSON object.",
      fields: {
        body: "is required",
      },
    });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError({
      code: "invalid_json",
      message: "The request body is not valid JSON.",
      fields: { body: "must be valid JSON" },
    });
  }
}

/**
 * A route handler: loads the signed-in user (read again from the database), checks the role, validates the body and
 * the query with zod (400 naming each field), and answers every failure as `{ error: { code, message, fields? } }`
 * with its real status. Unknown errors are logged and become a plain 500; nothing upstream leaks through.
 */
export function route<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  R extends RouteOptions<B, Q, P>["roles"] = RouteOptions<B, Q, P>["roles"],
>(options: RouteOptions<B, Q, P> & { roles: R }, handler: (context: Context<B, Q, P, R>) => Promise<Response>) {
  const answer = async (request: Request, context?: RouteContext): Promise<Response> => {
    const timed = requestTimer();
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
    noteRequestId(requestId);
    const read: { body?: unknown } = {};
    // Free answers are metered after they are sent; a stopping server waits for what `after` was handed.
    holdPendingWrites();
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const response = await requestContext.run({ requestId, ip: visitorIp(request.headers), route }, () =>
      handle(request, context, read),
    );
    response.headers.set("X-Request-Id", requestId);
    if (options.headers) {
      const extra = await Promise.resolve(options.headers(request, read)).catch((error: unknown) => {
        log.warn({ err: error }, "a route's answer headers could not be made");
        return {};
      });
      for (const [name, value] of new Headers(extra)) response.headers.set(name, value);
    }
    if (options.bearer && response.status === 401) response.headers.set("WWW-Authenticate", "Bearer");
    else if (response.status === 401 && bearerApiToken(request.headers.get("authorization")))
      response.headers.set("WWW-Authenticate", 'Bearer error="invalid_token"');
    if (timed) {
      // Next.js hands a route without dynamic segments no params at all.
      const params = await Promise.resolve(context?.params).catch(() => undefined);
      timed({
        method: request.method,
        route: routePattern(new URL(request.url).pathname, params),
        status: response.status,
      });
    }
    return response;
  };
  return Object.assign(answer, { spec: options as RouteSpec });

  async function handle(
    request: Request,
    routeContext: RouteContext | undefined,
    read: { body?: unknown },
  ): Promise<Response> {
    try {
      if (options.bearer) checkBearer(request, options.bearer);
      if (!options.crossOrigin && !sameOrigin(request)) {
        throw new AppError({
          code: "cross_origin",
          message: "Requests that change something must come from this app's own pages.",
        });
      }
      const holder = options.bearer ? undefined : await apiTokenHolder(request, options.tokenScope);
      const store = requestContext.getStore();
      if (store && holder)
        Object.assign(store, {
          user: holder.user,
          apiToken: { id: holder.token.id, name: holder.token.name, userId: holder.user.id },
        });
      if (holder && !holder.token.scopes.includes(options.tokenScope!))
        throw new AppError({
          code: "token_scope",
          message: `This API token lacks the scope this route needs: ${options.tokenScope}.`,
        });
      const found = options.bearer ? undefined : (holder?.user ?? (await userFromRequest(request)));
      const allow = options.unfinished ?? [];
      const unfinished =
        found?.secondFactor === "enrol" || found?.secondFactor === "pending" ? found.secondFactor : undefined;
      const user =
        options.roles === "public"
          ? unfinished && !allow.includes(unfinished)
            ? undefined
            : found
          : requireRole(found, options.roles, allow);
      if (store && user) store.user = user;
      let params: unknown;
      if (options.params) {
        const raw = (await routeContext?.params) ?? {};
        assertText(raw, "params");
        const parsed = options.params.safeParse(raw, WITH_INPUT);
        if (!parsed.success) throw invalid(parsed.error, "params");
        params = parsed.data;
      }
      if (options.stepUp) {
        // A public route reads no step-up: one that declares it serves only the signed-in.
        if (!user) throw unauthorized();
        // Before the body: a refusal reads nothing more. Its row names what it was for (the path's ids, validated).
        requireStepUp(user, options.stepUp, params ? { detail: params as Record<string, string | number> } : {});
      }
      let body: unknown;
      if (options.body) {
        read.body = await readBody(request, options.maxBodyBytes);
        assertText(read.body, "body");
        const parsed = options.body.safeParse(read.body, WITH_INPUT);
        if (!parsed.success) throw invalid(parsed.error, "body");
        body = parsed.data;
      }
      let upload: Buffer = Buffer.alloc(0);
      if (options.upload) upload = await readUpload(request, options.upload);
      let query: unknown;
      if (options.query) {
        const raw = Object.fromEntries(new URL(request.url).searchParams);
        assertText(raw, "query");
        const parsed = options.query.safeParse(raw, WITH_INPUT);
        if (!parsed.success) throw invalid(parsed.error, "query");
        query = parsed.data;
      }
      const caller = { user: user as SessionUser, ip: requestContext.getStore()?.ip ?? visitorIp(request.headers) };
      const response = await handler({
        request,
        user: user as Context<B, Q, P, R>["user"],
        caller,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: params as Out<P>,
        upload,
      });
      auditTokenUse(request, response.status);
      return response;
    } catch (error) {
      const response = failure(error, request);
      auditTokenUse(request, response.status);
      return response;
    }
  }
}

/**
 * The holder of the request's API token, if it carries one (a session's token as `Bearer` is not one): 403
 * `token_not_allowed` on a route that does not serve tokens, 401 `invalid_token` for one unknown, expired, revoked or
 * whose owner is no longer staff.
 */
async function apiTokenHolder(request: Request, scope: TokenScope | undefined): Promise<TokenHolder | undefined> {
  const token = bearerApiToken(request.headers.get("authorization"));
  if (!token) return undefined;
  if (!scope)
    throw new AppError({ code: "token_not_allowed", message: "API tokens cannot call this route; sign in instead." });
  return authenticateApiToken(token, requestContext.getStore()?.ip ?? visitorIp(request.headers));
}

/**
 * A request with an API token whose route wrote no row of its own: the use is a row, under the token's name and owner.
 */
function auditTokenUse(request: Request, status: number) {
  const token = requestContext.getStore()?.apiToken;
  if (!token || token.audited) return;
  const outcome = status < 400 ? "allowed" : status < 500 ? "refused" : "failed";
  void audit({
    action: "api_token.used",
    outcome,
    detail: { method: request.method, path: new URL(request.url).pathname, status },
  });
}

/** An uploaded file's bytes: empty or past its limit is a 400 naming the field (the limit checked as it streams in). */
async function readUpload(
  request: Request,
  upload: NonNullable<RouteOptions<Schema, Schema, Schema>["upload"]>,
): Promise<Buffer> {
  const tooBig = () =>
    new AppError({
      code: "file_too_large",
      message: `${upload.field}: the file is larger than ${upload.maxBytes / 1024 / 1024} MB`,
      fields: {
        [upload.field]: `is larger than ${upload.maxBytes / 1024 / 1024} MB`,
      },
    });
  let bytes: Buffer;
  try {
    bytes = await readBytesWithin(request, upload.maxBytes);
  } catch (error) {
    throw error instanceof BodyTooLarge ? tooBig() : error;
  }
  if (!bytes.byteLength)
    throw new AppError({
      code: "invalid_request",
      message: `${upload.field} is required`,
      fields: {
        [upload.field]: `${upload.field} is required`,
      },
    });
  return bytes;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * 404 while the route's secret is unset, 401 unless the request carries it; equal digests, so the time tells nothing.
 */
function checkBearer(request: Request, bearer: BearerSecret): void {
  const secret = bearer.secret();
  if (!secret) throw new AppError({ code: "not_found", message: `This route is off: ${bearer.variable} is not set.` });
  const header = request.headers.get("authorization");
  const given = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (given && timingSafeEqual(digest(given), digest(secret))) return;
  if (header) log.warn({ path: new URL(request.url).pathname }, "a request with the wrong bearer token was refused");
  throw new AppError({
    code: "unauthorized",
    message: "This route needs its bearer token: Authorization: Bearer <token>.",
  });
}

/** Any failure as an answer: an AppError as it is, an unreachable database as 503, anything else a logged 500. */
function failure(error: unknown, request: Request): Response {
  if (AppError.is(error)) return errorResponse(error);
  if (isUnavailable(error)) {
    log.warn({ err: error }, "a backing service is unavailable");
    return errorResponse(
      new AppError({
        code: "unavailable",
        message: "The app's database is not answering right now. Please try again in a minute.",
        retryAfter: 30,
      }),
    );
  }
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in a route");
  return errorResponse(
    new AppError({ code: "internal_error", message: "Something went wrong on our side. Please try again." }),
  );
}
