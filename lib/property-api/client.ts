import type { z } from "zod";
import { PropertyApiError, parseRetryAfter, STATUS_MEANINGS, type Operation } from "./errors";
import { ErrorBody } from "./schemas/common";
import { NormalizeResponse, type AddressRequest } from "./schemas/normalize";
import {
  AvmResponse,
  CreateOwnerResponse,
  HomeEquitySummary,
  VerifyHomeownerResponse,
  type CreateOwnerRequest,
  type VerifyHomeownerRequest,
} from "./schemas/operations";
import { OwnerDataResponse, PropertySummaryResponse } from "./schemas/property-summary";

export type Fetch = (input: Request) => Promise<Response>;

export interface ClientOptions {
  /** Where the service lives; for the in-process transport any absolute URL will do. */
  baseUrl: string;
  token: string;
  /** The transport: `globalThis.fetch` for HTTP, or the embedded service's handler. */
  fetch: Fetch;
  timeoutMs?: number;
  /** Headers sent with every call (a request id, say). */
  headers?: Record<string, string>;
}

export type ReportFormat = "pdf" | "html" | "json";

export const REPORT_MEDIA_TYPES: Record<ReportFormat, string> = {
  pdf: "application/pdf",
  html: "text/html",
  json: "application/json",
};

export interface ReportFile {
  contentType: string;
  contentLength: number | undefined;
  body: ReadableStream<Uint8Array>;
}

interface Call {
  operation: Operation;
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  accept?: string;
}

export type PropertyApiClient = ReturnType<typeof createPropertyApiClient>;

/** The Property Data Service as typed methods: every answer parsed by the spec's schema, every failure a
 * `PropertyApiError`. */
export function createPropertyApiClient(options: ClientOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.replace(/\/+$/, "");

  /** The response, and the deadline still running: reading the body is part of the call. */
  async function send(call: Call): Promise<{ response: Response; deadline: Deadline }> {
    const url = new URL(base + call.path);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers = new Headers({
      ...options.headers,
      Authorization: options.token,
      Accept: call.accept ?? "application/json",
    });
    if (call.body !== undefined) headers.set("Content-Type", "application/json");
    const deadline = startDeadline(call.operation, timeoutMs);
    const request = new Request(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: deadline.signal,
    });

    let response: Response;
    try {
      response = await deadline.within(options.fetch(request));
    } catch (cause) {
      deadline.end();
      if (cause instanceof PropertyApiError) throw cause;
      throw new PropertyApiError({
        operation: call.operation,
        status: 502,
        kind: "network",
        message: "The Property Data Service could not be reached",
        cause,
      });
    }
    if (!response.ok) {
      try {
        throw await deadline.within(errorFrom(call.operation, response));
      } finally {
        deadline.end();
      }
    }
    return { response, deadline };
  }

  async function json<T extends z.ZodType>(call: Call, schema: T): Promise<z.output<T>> {
    const { response, deadline } = await send(call);
    let body: unknown;
    try {
      body = await deadline.within(response.json());
    } catch (cause) {
      if (cause instanceof PropertyApiError) throw cause;
      throw invalid(call.operation, "The Property Data Service sent a response that is not JSON", cause);
    } finally {
      deadline.end();
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? ` at ${first.path.join(".")}` : "";
      throw invalid(
        call.operation,
        `The Property Data Service sent an unexpected response${where}: ${first?.message}`,
        parsed.error,
      );
    }
    return parsed.data;
  }

  return {
    /** Each address is one billable request. */
    normalizeAddresses: (requests: AddressRequest[]) =>
      json(
        { operation: "normalizeAddresses", method: "POST", path: "/address/normalize", body: { requests } },
        NormalizeResponse,
      ),

    verifyHomeowner: (body: VerifyHomeownerRequest) =>
      json(
        { operation: "verifyHomeowner", method: "POST", path: "/api/v1/homeowner/verify", body },
        VerifyHomeownerResponse,
      ),

    valuationEstimate: (address: string) =>
      json({ operation: "valuationEstimate", method: "POST", path: "/api/v1/avm", body: { address } }, AvmResponse),

    /** `maxLTV` is sent as the spec's string; without it the service applies 0.8. */
    homeEquitySummary: (address: string, maxLTV?: number) =>
      json(
        {
          operation: "homeEquitySummary",
          method: "POST",
          path: "/home-equity-summary",
          body: maxLTV === undefined ? { address } : { address, maxLTV: String(maxLTV) },
        },
        HomeEquitySummary,
      ),

    propertySummary: (address: string) =>
      json(
        { operation: "propertySummary", method: "GET", path: "/property/summary", query: { address } },
        PropertySummaryResponse,
      ),

    retrieveOwnerData: (userID: string) =>
      json(
        { operation: "retrieveOwnerData", method: "GET", path: "/retrieve-owner-data", query: { userID } },
        OwnerDataResponse,
      ),

    createOwner: (body: CreateOwnerRequest) =>
      json({ operation: "createOwner", method: "POST", path: "/create-owner", body }, CreateOwnerResponse),

    /** The report as a stream, in the format the `Accept` header asks for. */
    async propertyReport(params: {
      address: string;
      applicantName: string;
      format: ReportFormat;
    }): Promise<ReportFile> {
      const { response, deadline } = await send({
        operation: "propertyReport",
        method: "GET",
        path: "/property/report",
        query: { address: params.address, applicant_name: params.applicantName },
        accept: REPORT_MEDIA_TYPES[params.format],
      });
      if (!response.body) {
        deadline.end();
        throw invalid("propertyReport", "The Property Data Service sent an empty report");
      }
      const length = Number(response.headers.get("Content-Length"));
      return {
        contentType: response.headers.get("Content-Type") ?? REPORT_MEDIA_TYPES[params.format],
        contentLength: Number.isFinite(length) && length > 0 ? length : undefined,
        body: readWithin(response.body, deadline),
      };
    },
  };
}

interface Deadline {
  /** Aborts the request when the time is up. */
  signal: AbortSignal;
  /** The step's result, or a 504 once the time is up. */
  within<T>(step: Promise<T>): Promise<T>;
  /** Stops the clock: the call is over. */
  end(): void;
}

/**
 * A call's deadline: a timer the call holds, and a race each step of the call (the answer, then its body) runs against
 * it. The Request's signal alone is not enough: a Request follows its signal through a weak reference, and once garbage
 * collection takes an unreferenced Request the abort never reaches it (nodejs/node#55428), so a service that never
 * answered would hold the call forever.
 */
function startDeadline(operation: Operation, timeoutMs: number): Deadline {
  const controller = new AbortController();
  const expired = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () => {
      const message = `The Property Data Service did not answer within ${timeoutMs} ms`;
      reject(
        new PropertyApiError({ operation, status: 504, kind: "timeout", message, cause: controller.signal.reason }),
      );
    }),
  );
  expired.catch(() => {}); // Raced by the steps that are still running; nobody else waits for it.
  // Unreferenced, so a pending deadline never keeps the process up.
  const timer = setTimeout(
    () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  ).unref();
  return { signal: controller.signal, within: (step) => Promise.race([step, expired]), end: () => clearTimeout(timer) };
}

/** The report's body, each read raced against the call's deadline: a download that stalls ends in a 504, not a hang. */
function readWithin(body: ReadableStream<Uint8Array>, deadline: Deadline): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await deadline.within(reader.read());
        if (!done) return controller.enqueue(value);
        deadline.end();
        controller.close();
      } catch (error) {
        deadline.end();
        controller.error(error);
        reader.cancel(error).catch(() => {});
      }
    },
    cancel(reason) {
      deadline.end();
      return reader.cancel(reason);
    },
  });
}

function invalid(operation: Operation, message: string, cause?: unknown): PropertyApiError {
  return new PropertyApiError({ operation, status: 502, kind: "invalid-response", message, cause });
}

async function errorFrom(operation: Operation, response: Response): Promise<PropertyApiError> {
  let message: string | undefined;
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(await response.text()));
    if (parsed.success) message = parsed.data;
  } catch {
    // Not JSON: fall back to the status's meaning below.
  }
  return new PropertyApiError({
    operation,
    status: response.status,
    kind: "http",
    message: message || STATUS_MEANINGS[response.status] || `The Property Data Service answered ${response.status}`,
    retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
  });
}
