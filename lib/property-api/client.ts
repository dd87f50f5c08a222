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

  const timeout = (operation: Operation, cause: unknown) =>
    new PropertyApiError({ operation, status: 504, kind: "timeout", message: `The Property Data Service did not answer within ${timeoutMs} ms`, cause });

  /** The response, and the signal of its deadline, which also bounds reading the body. */
  async function send(call: Call): Promise<{ response: Response; deadline: AbortSignal }> {
    const url = new URL(base + call.path);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers = new Headers({ ...options.headers, Authorization: options.token, Accept: call.accept ?? "application/json" });
    if (call.body !== undefined) headers.set("Content-Type", "application/json");
    // The deadline is a timer this call holds and a race it runs, not only the Request's signal: a Request follows its
    // signal through a weak reference, and once garbage collection takes an unreferenced Request the abort never reaches
    // it (nodejs/node#55428), so a service that never answers would hold the call forever.
    const deadline = new AbortController();
    // Unreferenced: a deadline never keeps the process up; it fires harmlessly after an answer that came in time.
    setTimeout(() => deadline.abort(new DOMException(`No answer within ${timeoutMs} ms`, "TimeoutError")), timeoutMs).unref();
    const request = new Request(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: deadline.signal,
    });

    let response: Response;
    try {
      response = await Promise.race([options.fetch(request), rejectedOnAbort(deadline.signal)]);
    } catch (cause) {
      if (deadline.signal.aborted) throw timeout(call.operation, cause);
      throw new PropertyApiError({ operation: call.operation, status: 502, kind: "network", message: "The Property Data Service could not be reached", cause });
    }
    if (!response.ok) throw await errorFrom(call.operation, response);
    return { response, deadline: deadline.signal };
  }

  async function json<T extends z.ZodType>(call: Call, schema: T): Promise<z.output<T>> {
    const { response, deadline } = await send(call);
    let body: unknown;
    try {
      body = await Promise.race([response.json(), rejectedOnAbort(deadline)]);
    } catch (cause) {
      if (deadline.aborted) throw timeout(call.operation, cause);
      throw invalid(call.operation, "The Property Data Service sent a response that is not JSON", cause);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? ` at ${first.path.join(".")}` : "";
      throw invalid(call.operation, `The Property Data Service sent an unexpected response${where}: ${first?.message}`, parsed.error);
    }
    return parsed.data;
  }

  return {
    /** Each address is one billable request. */
    normalizeAddresses: (requests: AddressRequest[]) =>
      json({ operation: "normalizeAddresses", method: "POST", path: "/address/normalize", body: { requests } }, NormalizeResponse),

    verifyHomeowner: (body: VerifyHomeownerRequest) =>
      json({ operation: "verifyHomeowner", method: "POST", path: "/api/v1/homeowner/verify", body }, VerifyHomeownerResponse),

    valuationEstimate: (address: string) => json({ operation: "valuationEstimate", method: "POST", path: "/api/v1/avm", body: { address } }, AvmResponse),

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
      json({ operation: "propertySummary", method: "GET", path: "/property/summary", query: { address } }, PropertySummaryResponse),

    retrieveOwnerData: (userID: string) =>
      json({ operation: "retrieveOwnerData", method: "GET", path: "/retrieve-owner-data", query: { userID } }, OwnerDataResponse),

    createOwner: (body: CreateOwnerRequest) => json({ operation: "createOwner", method: "POST", path: "/create-owner", body }, CreateOwnerResponse),

    /** The report as a stream, in the format the `Accept` header asks for. */
    async propertyReport(params: { address: string; applicantName: string; format: ReportFormat }): Promise<ReportFile> {
      const { response } = await send({
        operation: "propertyReport",
        method: "GET",
        path: "/property/report",
        query: { address: params.address, applicant_name: params.applicantName },
        accept: REPORT_MEDIA_TYPES[params.format],
      });
      if (!response.body) throw invalid("propertyReport", "The Property Data Service sent an empty report");
      const length = Number(response.headers.get("Content-Length"));
      return {
        contentType: response.headers.get("Content-Type") ?? REPORT_MEDIA_TYPES[params.format],
        contentLength: Number.isFinite(length) && length > 0 ? length : undefined,
        body: response.body,
      };
    },
  };
}

/** A promise that rejects with the signal's reason once it aborts, to race a call against its deadline. */
function rejectedOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
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
