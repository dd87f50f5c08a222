import "server-only";
import { randomBytes } from "node:crypto";
import { getDatabase } from "@/lib/db";
import { embedded, env } from "@/lib/env";
import { requestContext } from "@/lib/log";
import { createPropertyApiClient, type Fetch, type PropertyApiClient } from "@/lib/property-api";
import { createSandboxHandler, type SandboxHandler } from "@/lib/sandbox";
import { parseFaults } from "@/lib/sandbox/faults";

interface Upstream {
  client: PropertyApiClient;
  /** The embedded service when it is the upstream (its usage counter is read by tests and the admin page). */
  sandbox: SandboxHandler | undefined;
}

/** Sends the id of the request being served along with every upstream call, so both sides' logs line up. */
function withRequestId(fetch: Fetch): Fetch {
  return (request) => {
    const requestId = requestContext.getStore()?.requestId;
    if (requestId) request.headers.set("X-Request-Id", requestId);
    return fetch(request);
  };
}

function createUpstream(): Upstream {
  if (!embedded) {
    return {
      client: createPropertyApiClient({
        baseUrl: env.PROPERTY_API_BASE_URL!,
        token: env.PROPERTY_API_TOKEN!,
        fetch: withRequestId((request) => fetch(request)),
        timeoutMs: env.PROPERTY_API_TIMEOUT_MS,
      }),
      sandbox: undefined,
    };
  }
  // In-process: the same client, headers and schemas as over HTTP, with the embedded handler as the transport.
  const token = env.PROPERTY_API_TOKEN ?? `embedded_${randomBytes(24).toString("base64url")}`;
  const sandbox = createSandboxHandler({
    token,
    db: async () => (await getDatabase()).db,
    faults: parseFaults(env.SANDBOX_FAULTS),
  });
  return {
    client: createPropertyApiClient({
      baseUrl: "http://embedded.property-data.invalid",
      token,
      fetch: withRequestId(sandbox),
      timeoutMs: env.PROPERTY_API_TIMEOUT_MS,
    }),
    sandbox,
  };
}

const globalForUpstream = globalThis as unknown as { upstream?: Upstream };

/** The Property Data Service client of this process; its token never leaves the server. */
export function upstream(): Upstream {
  return (globalForUpstream.upstream ??= createUpstream());
}
