import { timingSafeEqual } from "node:crypto";
import type { Operation } from "@/lib/property-api";
import { createClock, type Clock } from "./clock";
import { FaultConfig, injectFault } from "./faults";
import { errorResponse, HttpError, readJson } from "./http";
import { createOperations, type ServiceOptions } from "./service";

export interface SandboxOptions extends ServiceOptions {
  /** The API token every request must carry in `Authorization`. */
  token: string;
  /** Faults to inject, for tests; changeable at run time with `PUT /_sandbox/faults`. */
  faults?: FaultConfig;
}

const ROUTES: Record<string, { method: "GET" | "POST"; operation: Operation }> = {
  "/address/normalize": { method: "POST", operation: "normalizeAddresses" },
  "/api/v1/homeowner/verify": { method: "POST", operation: "verifyHomeowner" },
  "/api/v1/avm": { method: "POST", operation: "valuationEstimate" },
  "/home-equity-summary": { method: "POST", operation: "homeEquitySummary" },
  "/property/report": { method: "GET", operation: "propertyReport" },
  "/retrieve-owner-data": { method: "GET", operation: "retrieveOwnerData" },
  "/property/summary": { method: "GET", operation: "propertySummary" },
  "/create-owner": { method: "POST", operation: "createOwner" },
};

function authorized(header: string | null, token: string): boolean {
  if (!header) return false;
  const given = Buffer.from(header.replace(/^Bearer\s+/i, "").trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type SandboxHandler = ((request: Request) => Promise<Response>) & {
  /** Billable requests per operation since this handler was made. */
  usage: () => Record<Operation, number>;
  setFaults: (faults: FaultConfig | undefined) => void;
  /** The service's clock: the date it values homes at, moved a month at a time (`POST /_sandbox/clock`). */
  clock: Clock;
};

/** The embedded Property Data Service as a web-standard handler: `(Request) => Promise<Response>`. */
export function createSandboxHandler(options: SandboxOptions): SandboxHandler {
  const usage = Object.fromEntries(Object.values(ROUTES).map(({ operation }) => [operation, 0])) as Record<
    Operation,
    number
  >;
  const clock = options.clock ?? createClock(options.db);
  const operations = createOperations({ ...options, clock }, (operation, n = 1) => {
    usage[operation] += n;
  });

  let faults = options.faults;

  const handler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
    try {
      if (!authorized(request.headers.get("Authorization"), options.token)) {
        return errorResponse(
          401,
          "Authentication credentials missing or invalid: send the API token in the Authorization header",
        );
      }
      if (path === "/_sandbox/usage") {
        const total = Object.values(usage).reduce((sum, n) => sum + n, 0);
        return Response.json({ operations: { ...usage }, total });
      }
      if (path === "/_sandbox/faults") {
        if (request.method === "DELETE") faults = undefined;
        else if (request.method === "PUT") {
          const parsed = FaultConfig.safeParse(await readJson(request));
          if (!parsed.success)
            throw new HttpError(400, parsed.error.issues[0]!.message, parsed.error.issues[0]!.path.join("."));
          faults = parsed.data;
        }
        return Response.json({ faults: faults ?? null });
      }
      if (path === "/_sandbox/clock") {
        if (request.method === "POST") return Response.json(await clock.advance());
        return Response.json(await clock.read());
      }
      const route = ROUTES[path];
      if (!route) return errorResponse(404, `No operation at ${path}`);
      if (request.method !== route.method) {
        return errorResponse(405, `${path} accepts ${route.method} only`, {}, { Allow: route.method });
      }
      const fault = await injectFault(faults, request);
      if (fault instanceof Response) return fault;
      return await operations[route.operation](request);
    } catch (error) {
      if (error instanceof HttpError)
        return errorResponse(error.status, error.message, error.field ? { field: error.field } : {});
      console.error("sandbox: unexpected error", error);
      return errorResponse(500, "Unexpected server error");
    }
  };
  return Object.assign(handler, {
    usage: () => ({ ...usage }),
    setFaults: (next: FaultConfig | undefined) => {
      faults = next;
    },
    clock,
  });
}
