import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, schemaStatus, shippedMigrations } from "./client";

describe("the database's schema against this build's migrations", () => {
  it(
    "is behind until migrated (opened without migrating), then current; a later build's migration counts as current",
    { timeout: 60_000 },
    async () => {
      const newest = shippedMigrations().at(-1)!;
      const database = await openDatabase({ dataDir: "memory://", migrate: false });
      try {
        expect(await schemaStatus(database.db)).toEqual({ current: false, applied: "none", shipped: newest.tag });
        // A database opened the default way is migrated (each memory:// one is a database of its own).
        const migrated = await openDatabase({ dataDir: "memory://" });
        expect(await schemaStatus(migrated.db)).toEqual({ current: true, applied: newest.tag, shipped: newest.tag });
        // One migration short of this build: behind, naming the one it has.
        const previous = shippedMigrations().at(-2)!;
        await migrated.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at > ${previous.when}`);
        expect(await schemaStatus(migrated.db)).toEqual({ current: false, applied: previous.tag, shipped: newest.tag });
        // A newer build migrated it: this one runs on it (migrations only add).
        await migrated.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', ${newest.when + 1000})`,
        );
        expect(await schemaStatus(migrated.db)).toMatchObject({
          current: true,
          applied: `one this build does not know (${newest.when + 1000})`,
        });
        await migrated.close();
      } finally {
        await database.close();
      }
    },
  );
});
