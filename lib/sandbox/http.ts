import type { z } from "zod";
import { BodyTooLarge, readTextWithin } from "@/lib/security/body-limit";

/** The service's error body: JSON with a message, and the field at fault when there is one. */
export function errorResponse(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  return Response.json({ status, message, ...extra }, { status, headers });
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Parses input with a schema; a failure becomes a 400 naming the first field at fault. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join(".") || undefined;
  const message =
    issue.code === "invalid_type" && issue.input === undefined && field ? `${field} is required` : issue.message;
  throw new HttpError(
    400,
    message.startsWith(field ?? "\0") ? message : `${field ? `${field}: ` : ""}${message}`,
    field,
  );
}

export const MAX_BODY_BYTES = 1_000_000;

/** The JSON body, read only up to MAX_BODY_BYTES (a larger one is refused as it arrives, never buffered whole). */
export async function readJson(request: Request): Promise<unknown> {
  const text = await readTextWithin(request, MAX_BODY_BYTES).catch((error: unknown) => {
    throw error instanceof BodyTooLarge ? new HttpError(413, error.message) : error;
  });
  if (!text.trim()) throw new HttpError(400, "The request body is empty; send a JSON object", "body");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON", "body");
  }
}

export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
