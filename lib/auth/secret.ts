import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
// No "server-only" marker here: proxy.ts reads the secret too, outside React's server graph (node:fs keeps it off the
// client).
import { env } from "@/lib/env";

let secret: string | undefined;

/** NEXTAUTH_SECRET, or in embedded mode one generated on first start and kept in DATA_DIR. */
export function authSecret(): string {
  if (secret) return secret;
  if (env.NEXTAUTH_SECRET) return (secret = env.NEXTAUTH_SECRET);
  const file = join(env.DATA_DIR, "nextauth-secret");
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
    }
    secret = readFileSync(file, "utf8").trim();
  }
  return secret;
}
