import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
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
  /** Applies the migrations before handing the database out (the default); `false` opens it as it is. */
  migrate?: boolean;
}

// Read at run time from the working directory: the checkout, or the standalone server's folder, which the build's
// file tracing fills with this folder (the standalone server changes into its own folder before anything runs).
const MIGRATIONS = join(process.cwd(), "lib/db/migrations");
/** Connections the app's PostgreSQL pool opens at most (pg-boss keeps a pool of its own). */
export const POSTGRES_POOL_MAX = 10;
/** PostgreSQL advisory locks (any fixed numbers) that processes starting together take in turn. */
export const LOCKS = {
  /** Held while a process applies the app's migrations. */
  migrations: 7_240_611,
  /** Held while a process starts its job engine: pg-boss creating the same queues in two processes can deadlock. */
  jobEngine: 7_240_612,
  /** Held while pg-boss 10's schema is set aside and its jobs moved to pg-boss 12's (lib/jobs/upgrade-v10.ts). */
  jobsUpgrade: 7_240_613,
  /** Held (for a transaction) while a scheduled refresh counts the month's claims and writes its own. */
  refreshBudget: 7_240_614,
} as const;

/** Opens the database and, unless told not to, brings its schema up to date before handing it out. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    if (options.migrate !== false) await migrateUnderLock(options.url);
    const client = postgres(options.url, { max: POSTGRES_POOL_MAX, onnotice: () => {} });
    return { db: drizzlePostgres(client, { schema }), kind: "postgres", url: options.url, close: () => client.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

/** Migrates over one connection holding an advisory lock, so processes starting together take turns. */
async function migrateUnderLock(url: string): Promise<void> {
  await underLock(url, LOCKS.migrations, (admin) =>
    migratePostgres(drizzlePostgres(admin), { migrationsFolder: MIGRATIONS }),
  );
}

/**
 * Runs `work` while one connection of its own holds a PostgreSQL advisory lock, so that processes starting together on
 * one database take turns (the lock goes with the connection, should the process die).
 */
export async function underLock<T>(
  url: string,
  lock: number,
  work: (connection: postgres.Sql) => Promise<T>,
): Promise<T> {
  const connection = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await connection`select pg_advisory_lock(${lock})`;
    const result = await work(connection);
    await connection`select pg_advisory_unlock(${lock})`;
    return result;
  } finally {
    await connection.end();
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

/**
 * The migrations this build ships, oldest first (drizzle-kit's journal: each one's tag and the time that orders it).
 */
export function shippedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] })
    .entries;
  return journal;
}

export interface SchemaStatus {
  /** The database has every migration this build ships (or newer ones: a later build migrated it). */
  current: boolean;
  /** The newest migration the database has (its tag when this build knows it), and the newest this build ships. */
  applied: string;
  shipped: string;
}

const rowsOf = <Row>(result: unknown): Row[] =>
  (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];

/**
 * Where the database's schema stands against this build's migrations, read from drizzle's own record of what it
 * applied (`drizzle.__drizzle_migrations`, one row per migration, ordered by its journal time as the migrator does).
 */
export async function schemaStatus(db: Database): Promise<SchemaStatus> {
  const shipped = shippedMigrations();
  const newest = shipped.at(-1)!;
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  let latest: number | undefined;
  if (table?.present) {
    const [row] = rowsOf<{ latest: string | number | null }>(
      await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
    );
    latest = row?.latest === null || row?.latest === undefined ? undefined : Number(row.latest);
  }
  const applied =
    latest === undefined
      ? "none"
      : (shipped.find((entry) => entry.when === latest)?.tag ?? `one this build does not know (${latest})`);
  return { current: latest !== undefined && latest >= newest.when, applied, shipped: newest.tag };
}
