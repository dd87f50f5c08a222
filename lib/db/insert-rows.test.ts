import { randomBytes } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { integer, jsonb, pgSchema, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client";
import { insertRowsStatement } from "./insert-rows";

// A table of its own, in a schema of its own: the PostgreSQL variant runs on the suite's shared database.
const schemaName = `insert_rows_${randomBytes(4).toString("hex")}`;
const rows = pgSchema(schemaName).table("rows", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp({ withTimezone: true }).notNull(),
  words: text(),
  count: integer().notNull().default(1),
  detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// What a log row may carry (lib/services/audit/chain.ts's logText leaves what PostgreSQL accepts): quotes, backslashes,
// control characters, text of other scripts, a pair of surrogates, JSON's own syntax, and SQL.
const awkward = [
  `O'Brien "the \\ one"`,
  "tab\there\nnew line\u0001",
  "Ñandú — 住所 🏠",
  `{"a":1}', null); drop table x; --`,
  "",
  null,
];

// The PostgreSQL variant is declared without DATABASE_URL too, so that a run without it reports it as skipped.
const databases: [string, (() => Promise<DatabaseHandle>) | undefined][] = [
  ["PGlite", () => openDatabase({ dataDir: "memory://" })],
  [
    "PostgreSQL",
    process.env.DATABASE_URL ? () => openDatabase({ url: process.env.DATABASE_URL!, migrate: false }) : undefined,
  ],
];

for (const [name, open] of databases)
  describe.skipIf(!open)(`rows inserted as one JSON parameter (${name})`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await open!();
      await handle.db.execute(sql.raw(`create schema ${schemaName}`));
      await handle.db.execute(
        sql.raw(`create table ${schemaName}.rows (id integer generated always as identity primary key, at timestamptz not null, words text,
        count integer not null default 1, detail jsonb, created_at timestamptz not null default now())`),
      );
    });
    afterAll(async () => {
      await handle?.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
      await handle?.close();
    });

    it("reads back every value as it was given, in order, with the defaults of the columns no row names", async () => {
      const at = new Date("2026-11-27T10:11:12.345Z");
      const given = awkward.map((words, i) => ({
        at,
        words,
        detail: words === null ? null : { words, i, ok: i % 2 === 0, none: null },
      }));
      await handle.db.execute(insertRowsStatement(rows, given)!);
      const read = await handle.db.select().from(rows).orderBy(asc(rows.id));
      expect(read.map(({ at, words, detail, count }) => ({ at, words, detail, count }))).toEqual(
        given.map((row) => ({ ...row, count: 1 })),
      );
      expect(read.every((row) => row.createdAt instanceof Date)).toBe(true);
    });

    it("is no statement for no rows, and refuses a key that is no column of the table", () => {
      expect(insertRowsStatement(rows, [])).toBeUndefined();
      expect(() => insertRowsStatement(rows, [{ at: new Date(), colour: "red" } as never])).toThrow(
        "has no column colour",
      );
    });

    it("writes the database's refusal of one row as the statement's, so the caller can set the rows aside", async () => {
      const before = await handle.db.select().from(rows);
      await expect(
        handle.db.execute(insertRowsStatement(rows, [{ at: new Date() }, { at: null as never }])!),
      ).rejects.toThrow();
      expect(await handle.db.select().from(rows)).toHaveLength(before.length);
    });
  });
