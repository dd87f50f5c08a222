import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The PostgreSQL URL, or the embedded PGlite client itself: what the job engine connects through. */
  url?: string;
  pglite?: PGlite;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one, embedded PGlite. */
  url?: string;
  /** PGlite's data folder, or `memory://` for a throwaway database. */
  dataDir?: string;
}

const MIGRATIONS = join(process.cwd(), "lib/db/migrations");
/** Connections the app's PostgreSQL pool opens at most (pg-boss keeps a pool of its own). */
export const POSTGRES_POOL_MAX = 10;
// Any fixed number: it names the lock every process takes while it migrates.
const MIGRATION_LOCK = 7_240_611;

/** Opens the database and brings its schema up to date before handing it out. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // Migrate over one connection holding an advisory lock, so parallel processes do not race.
    const admin = postgres(options.url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migratePostgres(drizzlePostgres(admin), { migrationsFolder: MIGRATIONS });
      await admin`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    } finally {
      await admin.end();
    }
    const client = postgres(options.url, { max: POSTGRES_POOL_MAX, onnotice: () => {} });
    return { db: drizzlePostgres(client, { schema }), kind: "postgres", url: options.url, close: () => client.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}
