import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { log } from "./log";

const DATABASE_URL = process.env.DATABASE_URL;

/** What the app's logger writes, line by line, instead of stdout (its stream is swapped for the test's). */
function captureLog(): { text: () => string; restore: () => void } {
  const holder = log as unknown as Record<symbol, unknown>;
  const original = holder[pino.symbols.streamSym];
  const lines: string[] = [];
  holder[pino.symbols.streamSym] = { write: (line: string) => lines.push(line) };
  return { text: () => lines.join(""), restore: () => (holder[pino.symbols.streamSym] = original) };
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe.each([
  ["PGlite", undefined],
  ["PostgreSQL", DATABASE_URL],
] as const)("a failed query in the logs (%s)", (kind, url) => {
  const skip = kind === "PostgreSQL" && !url;
  let database: DatabaseHandle;
  let capture: ReturnType<typeof captureLog> | undefined;
  // Someone's personal data, as a sign-up's insert binds it.
  const email = `Person.${randomBytes(6).toString("hex")}@example.com`;
  const passwordHash = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString("base64")}`;
  const address = `${randomBytes(3).readUIntBE(0, 3)} Privet Drive, Little Whinging`;

  beforeAll(async () => {
    if (skip) return;
    database = await openDatabase(url ? { url } : { dataDir: "memory://" });
    await database.db.insert(users).values({ email, passwordHash, role: "homeowner", name: address });
  }, 120_000);
  afterAll(async () => {
    if (skip) return;
    await database.db.delete(users).where(sql`lower(${users.email}) = lower(${email})`);
    await database.close();
  });
  afterEach(() => capture?.restore());

  it.skipIf(skip)(
    "never carries the bound values of a duplicate insert (the email, the password's hash, the name)",
    async () => {
      const error = await failure(() =>
        database.db
          .insert(users)
          .values({ email: email.toUpperCase(), passwordHash, role: "homeowner", name: address }),
      );
      capture = captureLog();
      log.error({ err: error }, "unhandled error in a route");
      const text = capture.text();
      for (const secret of [email, email.toUpperCase(), passwordHash, address, address.split(" ")[0]!])
        expect(text).not.toContain(secret);
      // What is left still says what went wrong: the database's code, and which statement.
      expect(text).toContain("23505");
      expect(text).toContain("unhandled error in a route");
      expect(text).toMatch(/insert into/i);
    },
  );

  it.skipIf(skip)(
    "nor the row a NOT NULL violation reports (the database's `detail`), in the error or its cause",
    async () => {
      const other = `other.${email}`;
      const error = await failure(() =>
        database.db.execute(sql`insert into app.users (email, role, name) values (${other}, 'homeowner', ${address})`),
      );
      capture = captureLog();
      log.warn({ err: error }, "a failed insert");
      // Logged bare, and as the cause of another error.
      log.error({ err: new Error("could not create the account", { cause: error }) }, "wrapped");
      const text = capture.text();
      for (const secret of [other, address, address.split(" ")[0]!]) expect(text).not.toContain(secret);
      expect(text).toContain("23502");
    },
  );
});
