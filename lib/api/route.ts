import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { userFromRequest } from "@/lib/auth/session";
import { requireRole } from "@/lib/services/access";
import { AppError, isUnavailable } from "@/lib/services/errors";
import { visitorIp, type Caller } from "@/lib/services/gateway";
import { log, requestContext } from "@/lib/log";

export const MAX_BODY_BYTES = 64 * 1024;

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteOptions<B extends Schema, Q extends Schema> {
  /** Who may call it; `public` for anyone. */
  roles: readonly Role[] | "public";
  /** Accepts state-changing requests from other origins (the widget API, which checks them itself). */
  crossOrigin?: boolean;
  body?: B;
  query?: Q;
}

interface Context<B extends Schema, Q extends Schema, R> {
  request: Request;
  user: R extends "public" ? SessionUser | undefined : SessionUser;
  caller: Caller & { user: SessionUser };
  body: Out<B>;
  query: Out<Q>;
}

export function clientIp(request: Request): string {
  return visitorIp(request.headers);
}

export function errorResponse(error: AppError): Response {
  const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  const body = { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
  return Response.json(body, { status: error.status, headers });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A state-changing request from a browser carries Origin; it must be this app's (a cross-site form or fetch is not). */
export function sameOrigin(request: Request): boolean {
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

function invalid(error: z.ZodError, where: "body" | "query"): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || where;
    fields[path] ??= issue.code === "invalid_type" && issue.input === undefined ? `${path.split(".").at(-1)} is required` : issue.message;
  }
  const [field, reason] = Object.entries(fields)[0]!;
  return new AppError(400, "invalid_request", reason.startsWith(field.split(".").at(-1)!) ? reason : `${field}: ${reason}`, fields);
}

const tooLarge = () => new AppError(413, "too_large", `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);

/**
 * The body as text, read only up to MAX_BODY_BYTES: a chunked body has no Content-Length to refuse up front, so the
 * stream is counted as it arrives and cancelled once past the limit, never buffered whole.
 */
async function readLimited(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readBody(request: Request): Promise<unknown> {
  const text = await readLimited(request);
  if (!text.trim()) throw new AppError(400, "invalid_request", "The request body is empty; send a JSON object.", { body: "is required" });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_json", "The request body is not valid JSON.", { body: "must be valid JSON" });
  }
}

/**
 * A route handler: loads the signed-in user (read again from the database), checks the role, validates the body and
 * the query with zod (400 naming each field), and answers every failure as `{ error: { code, message, fields? } }`
 * with its real status. Unknown errors are logged and become a plain 500; nothing upstream leaks through.
 */
export function route<B extends Schema = undefined, Q extends Schema = undefined, R extends RouteOptions<B, Q>["roles"] = RouteOptions<B, Q>["roles"]>(
  options: RouteOptions<B, Q> & { roles: R },
  handler: (context: Context<B, Q, R>) => Promise<Response>,
) {
  return async (request: Request): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
    const response = await requestContext.run({ requestId }, () => handle(request));
    response.headers.set("X-Request-Id", requestId);
    return response;
  };

  async function handle(request: Request): Promise<Response> {
    try {
      if (!options.crossOrigin && !sameOrigin(request)) {
        throw new AppError(403, "cross_origin", "Requests that change something must come from this app's own pages.");
      }
      const found = await userFromRequest(request);
      const user = options.roles === "public" ? found : requireRole(found, options.roles);
      let body: unknown;
      if (options.body) {
        const parsed = options.body.safeParse(await readBody(request));
        if (!parsed.success) throw invalid(parsed.error, "body");
        body = parsed.data;
      }
      let query: unknown;
      if (options.query) {
        const parsed = options.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!parsed.success) throw invalid(parsed.error, "query");
        query = parsed.data;
      }
      const caller = { user: user as SessionUser, ip: clientIp(request) };
      return await handler({ request, user: user as Context<B, Q, R>["user"], caller, body: body as Out<B>, query: query as Out<Q> });
    } catch (error) {
      if (AppError.is(error)) return errorResponse(error);
      if (isUnavailable(error)) {
        log.warn({ err: error }, "a backing service is unavailable");
        return errorResponse(new AppError(503, "unavailable", "The app's database is not answering right now. Please try again in a minute.", undefined, 30));
      }
      log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in a route");
      return errorResponse(new AppError(500, "internal_error", "Something went wrong on our side. Please try again."));
    }
  }
}
