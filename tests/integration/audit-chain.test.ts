import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import postgres from "postgres";
import { call, houses, signIn, unique } from "./client";

const { databaseUrl } = inject("apps");

/** Runs the writer fixture to its end; rejects with its output if it fails. */
function writer(name: string, id: number, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "node_modules/.bin/tsx",
      ["--conditions=react-server", "tests/integration/fixtures/audit-writer.ts"],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          NEXTAUTH_SECRET: "audit-writer",
          WRITER_NAME: name,
          WRITER_ID: String(id),
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited ${code}: ${output}`))));
  });
}

/**
 * The chain on PostgreSQL under writers in three processes at once: two that append as fast as they can (20 events at
 * once, round after round) and the app itself serving 20 lookups at once. Every row links to the one before.
 */
describe.skipIf(!databaseUrl)(
  "the activity log's chain under concurrent writers in several processes (PostgreSQL)",
  () => {
    const app = inject("apps").embedded;
    // Opened when the suite runs, not when it is collected: a skipped suite opens no connection.
    let sql: postgres.Sql;
    beforeAll(() => {
      sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    });
    afterAll(() => sql.end());
    const count = async (query: PromiseLike<readonly { n: number }[]>) => (await query)[0]!.n;

    it("stays one unbroken chain, with every event written", { timeout: 180_000 }, async () => {
      const admin = await signIn(app, app.admin.email, app.admin.password);
      const run = unique();
      const addresses = houses(1520, 20);
      const [, , lookups] = await Promise.all([
        writer(`writer-a-${run}`, 1, { WRITERS: "20", ROUNDS: "10" }),
        writer(`writer-b-${run}`, 2, { WRITERS: "20", ROUNDS: "10" }),
        Promise.all(addresses.map((address) => call(app, "POST", "/api/avm", { cookie: admin, body: { address } }))),
      ]);
      // The app's own writes were made: each lookup was served (and logged), none refused or failed.
      expect(lookups.map((reply) => reply.status)).toEqual(Array(20).fill(200));
      const written = await count(
        sql`select count(*)::int as n from app.audit_events where actor_email in (${`writer-a-${run}@example.com`}, ${`writer-b-${run}@example.com`})`,
      );
      expect(written).toBe(400);
      // Each row's previous hash is the hash of the row before it in id order.
      const broken = await count(sql`
      select count(*)::int as n from (
        select prev_hash, lag(hash) over (order by id) as previous from app.audit_events
      ) chain where previous is not null and prev_hash <> previous`);
      expect(broken).toBe(0);
      const verify = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
      expect(verify.body).toMatchObject({ ok: true, firstBadId: null });
      // Other files' tests run meanwhile (one sweeps rows past retention): the count is at least the writers' rows.
      expect(verify.body.events).toBeGreaterThanOrEqual(400);
    });
  },
);
