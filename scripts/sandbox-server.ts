/**
 * The embedded Property Data Service on its own port: `npm run sandbox`.
 * PORT (default 4010) and SANDBOX_TOKEN (generated and printed when unset); DATABASE_URL or PGlite in DATA_DIR.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { join } from "node:path";
import { env } from "@/lib/env";
import { openDatabase } from "@/lib/db/client";
import { createSandboxHandler, getDataset } from "@/lib/sandbox";
import { parseFaults } from "@/lib/sandbox/faults";
import { toNodeHandler } from "@/lib/sandbox/node-adapter";

const token = env.SANDBOX_TOKEN ?? `sbx_${randomBytes(18).toString("base64url")}`;
const port = env.PORT ?? 4010;
const database = openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, "sandbox-pglite") });
const handler = createSandboxHandler({
  token,
  db: async () => (await database).db,
  faults: parseFaults(env.SANDBOX_FAULTS),
});

await database;
const { properties } = getDataset();
const server = createServer(toNodeHandler(handler, `http://localhost:${port}`));
server.listen(port, () => {
  console.log(`Property Data Service (embedded) listening on http://localhost:${port}`);
  console.log(`${properties.length} properties in the data set`);
  if (!env.SANDBOX_TOKEN) console.log(`Authorization token: ${token}`);
});

const stop = () =>
  server.close(async () => {
    await (await database).close();
    process.exit(0);
  });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
