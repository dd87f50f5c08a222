import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createPropertyApiClient } from "@/lib/property-api";
import { createSandboxHandler } from "@/lib/sandbox";
import { toNodeHandler } from "@/lib/sandbox/node-adapter";

export const TEST_TOKEN = "test-token-0123456789";

/** A database for a test: the PostgreSQL of DATABASE_URL when set, else a throwaway in-memory PGlite. */
export function testDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ url: env.DATABASE_URL, dataDir: "memory://" });
}

/** The embedded service in-process and, on demand, over real HTTP on a free port. */
export async function startSandbox(database?: DatabaseHandle) {
  const handle = database ?? (await testDatabase());
  const handler = createSandboxHandler({ token: TEST_TOKEN, db: async () => handle.db });
  let server: Server | undefined;
  return {
    handler,
    database: handle,
    inProcess: createPropertyApiClient({ baseUrl: "http://embedded.test", token: TEST_TOKEN, fetch: handler }),
    async overHttp() {
      server = createServer(toNodeHandler(handler, "http://127.0.0.1"));
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return { baseUrl, client: createPropertyApiClient({ baseUrl, token: TEST_TOKEN, fetch: (r) => fetch(r) }) };
    },
    async stop() {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      if (!database) await handle.close();
    },
  };
}
