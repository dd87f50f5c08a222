import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { JobEngine } from "./engine";

/**
 * `migrate: false` (an app started with MIGRATE_ON_START=false) leaves pg-boss's schema to `npm run migrate`: on a
 * database without it the engine refuses to start instead of creating it; once a migrating engine made it, it starts.
 */
describe("the job engine without migrating", () => {
  it(
    "does not create pg-boss's schema, and starts on the one the migrate command made",
    { timeout: 60_000 },
    async () => {
      const pglite = new PGlite("memory://");
      try {
        const handle = { kind: "pglite" as const, pglite };
        await expect(new JobEngine(handle, { workers: false, migrate: false }).start()).rejects.toThrow();
        expect((await pglite.query(`select to_regclass('jobs.version') is null as missing`)).rows).toEqual([
          { missing: true },
        ]);

        // What scripts/migrate.ts does: an engine with no worker, started and stopped.
        const migrating = new JobEngine(handle, { workers: false });
        await migrating.start();
        await migrating.stop();

        const engine = new JobEngine(handle, { workers: false, migrate: false });
        await engine.start();
        await engine.stop();
      } finally {
        await pglite.close();
      }
    },
  );
});
