/**
 * Errors as the logs may show them: a failed query's error carries the values bound to it (emails, addresses, password
 * hashes) in its message (drizzle's "params: …"), in properties (`params` of drizzle and PGlite, `parameters` and
 * `args` of postgres.js) and in the database's `detail` ("Failing row contains (…)", "Key (lower(email))=(…) already
 * exists"). What is kept says what went wrong and where: the class, the SQLSTATE code, the constraint, table and
 * column, the statement's first words and the stack's frames, for the error and each cause.
 */

/** Properties that carry a query's values, or the text of one that may hold literals: never logged. */
const HIDDEN = new Set([
  "params",
  "parameters",
  "args",
  "types",
  "query",
  "detail",
  "where",
  "internal_query",
  "internalQuery",
  "hint",
  "queryOptions",
]);
/** How deep a chain of causes is followed. */
const MAX_DEPTH = 5;

/** The statement's verb and its table (`insert into "app"."users"`): the rest of a query's text may hold literals. */
export function statementOf(query: string): string {
  const head =
    /^\s*(select|insert\s+into|update|delete\s+from|with|copy|create|alter|drop|truncate|lock)\b(\s+("[^"]+"|[\w]+)(\.("[^"]+"|[\w]+))?)?/i.exec(
      query,
    );
  return head ? head[0].trim().replace(/\s+/g, " ") : "a statement";
}

/** An SQLSTATE of class 22 (data exception) names the refused value in its message: `… for type uuid: "abc"`. */
const namesTheValue = (code: unknown) => typeof code === "string" && code.startsWith("22");

function safeMessage(error: Error & Record<string, unknown>): string {
  // drizzle's own error: "Failed query: <the query>\nparams: <the values>"; its cause has the database's message.
  if (error.message.startsWith("Failed query:"))
    return `Failed query: ${typeof error.query === "string" ? statementOf(error.query) : "…"}`;
  if (namesTheValue(error.code)) return error.message.replace(/:\s[\s\S]*$/, ": …");
  return error.message;
}

/** The stack's frames only: its first lines repeat the message, values and all. */
const frames = (stack: string) =>
  stack
    .split("\n")
    .filter((line) => /^\s+at\s/.test(line))
    .join("\n");

/** pino's `err` serializer: the error and its causes, without a query's values. Anything not an Error is as given. */
export function safeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const error = value as Error & Record<string, unknown>;
  const message = safeMessage(error);
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message };
  if (typeof error.stack === "string") out.stack = `${error.name}: ${message}\n${frames(error.stack)}`;
  for (const [key, property] of Object.entries(error)) {
    if (!HIDDEN.has(key) && key !== "cause" && key !== "message" && key !== "stack") out[key] = property;
  }
  if (typeof error.query === "string") out.statement = statementOf(error.query);
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = safeError(error.cause, depth + 1);
  if (value instanceof AggregateError && depth < MAX_DEPTH)
    out.errors = value.errors.map((inner) => safeError(inner, depth + 1));
  return out;
}

/** pino's `redact` paths: a second net for values logged outside an error (`{ params }`, `{ query: { params } }`). */
export const REDACTED_PATHS = ["params", "parameters", "*.params", "*.parameters"];
