import { join } from "node:path";
import { env } from "@/lib/env";
import { openDatabase, schemaStatus, type DatabaseHandle, type SchemaStatus } from "./client";

export type { Database, DatabaseHandle, SchemaStatus } from "./client";
export { LOCKS, openDatabase, POSTGRES_POOL_MAX, schemaStatus } from "./client";

/** The database lacks migrations this build needs, and this process does not apply them (MIGRATE_ON_START=false). */
export class SchemaBehindError extends Error {
  readonly code = "SCHEMA_BEHIND";

  constructor(readonly status: SchemaStatus) {
    super(
      `the database's schema is behind this build (it has ${status.applied}, this build needs ${status.shipped}): ` +
        "waiting for the migrations (`npm run migrate`, the image's migrate service)",
    );
  }
}

const globalForDb = globalThis as unknown as {
  appDatabase?: Promise<DatabaseHandle>;
  openedDatabase?: Promise<DatabaseHandle>;
};

/** The database's connection, opened once, without migrating it (MIGRATE_ON_START=false). */
function opened(): Promise<DatabaseHandle> {
  globalForDb.openedDatabase ??= openDatabase({
    url: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, "pglite"),
    migrate: false,
  }).catch((error) => {
    globalForDb.openedDatabase = undefined;
    throw error;
  });
  return globalForDb.openedDatabase;
}

/** The database once its schema is this build's: migrated here, or (MIGRATE_ON_START=false) found migrated. */
async function ready(): Promise<DatabaseHandle> {
  if (env.MIGRATE_ON_START) return openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, "pglite") });
  const handle = await opened();
  const status = await schemaStatus(handle.db);
  if (!status.current) throw new SchemaBehindError(status);
  return handle;
}

/**
 * The app's database: PostgreSQL when DATABASE_URL is set, otherwise PGlite kept in DATA_DIR. One per process. Until
 * its schema is this build's, every call asks again (a failed open, or a schema still waiting for `npm run migrate`,
 * is not kept).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  globalForDb.appDatabase ??= ready().catch((error) => {
    globalForDb.appDatabase = undefined;
    throw error;
  });
  return globalForDb.appDatabase;
}
