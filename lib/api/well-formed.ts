import { notText } from "@/lib/security/text";
import { AppError } from "@/lib/services/errors";

/** The first string anywhere in a parsed request that is not text, with its path (`passkeys.0.name`), or undefined. */
function firstNotText(value: unknown, path: string[], depth = 0): { path: string; reason: string } | undefined {
  if (typeof value === "string") {
    const reason = notText(value);
    return reason ? { path: path.join("."), reason } : undefined;
  }
  // Bodies are limited in size; the depth limit only keeps a hostile nesting from walking the stack.
  if (value === null || typeof value !== "object" || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const keyReason = notText(key);
    if (keyReason) return { path: [...path, "(key)"].join("."), reason: keyReason };
    const found = firstNotText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses a request part (`body`, `query`, `params`, `form`) holding a string the database could not keep as typed. */
export function assertText(value: unknown, where: "body" | "query" | "params" | "form"): void {
  const found = firstNotText(value, []);
  if (!found) return;
  const field = found.path || where;
  throw new AppError({ code: "invalid_text", message: `${field}: ${found.reason}`, fields: { [field]: found.reason } });
}
