import { z } from "zod";

/** Rows' ids as the API takes them: from a path or query, and from a JSON body. */

/** The largest id a PostgreSQL `integer` column holds: a larger one would overflow in the query, as a 500. */
export const MAX_DB_ID = 2_147_483_647;
const WHOLE = "must be a positive whole number";
const TOO_LARGE = `must be at most ${MAX_DB_ID}`;

/**
 * A row's id in a path or query (text): a whole number from 1 to MAX_DB_ID, written in digits alone. `Number()` would
 * also read "0x10", "1e1", " 16" and "016" as ids, so one row would answer to many paths (and the log would name
 * the path's spelling, not the row).
 */
export const DbId = z
  .string({ error: WHOLE })
  .regex(/^[1-9]\d*$/, WHOLE)
  .transform(Number)
  .pipe(z.number().max(MAX_DB_ID, TOO_LARGE));

/** A row's id in a JSON body (a number, never text), with the body's own wording for what it is. */
export const bodyDbId = (what = WHOLE) => z.number({ error: what }).int(what).positive(what).max(MAX_DB_ID, TOO_LARGE);
