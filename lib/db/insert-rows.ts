import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig } from "drizzle-orm/pg-core";

/**
 * Inserts rows as one JSON parameter that the database spreads into the table's columns (`json_populate_recordset`),
 * instead of a parameter per value. A batch of 50 activity-log rows is a thousand parameters the other way, each
 * serialized, sent and planned on its own; on PGlite, which runs in the requests' own thread, that was more than half
 * the cost of writing a row (docs/benchmarks.md has the figures). Every row must have the same keys: those are the
 * columns written, and the columns no row names keep their defaults.
 */
export function insertRowsStatement<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]): SQL | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const columns = getTableColumns(table);
  const names = Object.keys(first).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const keys = Object.keys(first);
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null])),
    ),
  );
  const { schema, name } = getTableConfig(table);
  const type = sql.raw(`${schema ? `"${schema}".` : ""}"${name}"`);
  const list = sql.raw(names.map((column) => `"${column}"`).join(", "));
  return sql`insert into ${type} (${list}) select ${list} from json_populate_recordset(null::${type}, ${json}::json)`;
}
