import { join } from "node:path";
import { env } from "@/lib/env";
import { openDatabase, type DatabaseHandle } from "./client";

export type { Database, DatabaseHandle } from "./client";
export { openDatabase, POSTGRES_POOL_MAX } from "./client";

const globalForDb = globalThis as unknown as { appDatabase?: Promise<DatabaseHandle> };

/** The app's database: PostgreSQL when DATABASE_URL is set, otherwise PGlite kept in DATA_DIR. One per process. */
export function getDatabase(): Promise<DatabaseHandle> {
  globalForDb.appDatabase ??= openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, "pglite") }).catch((error) => {
    globalForDb.appDatabase = undefined;
    throw error;
  });
  return globalForDb.appDatabase;
}
