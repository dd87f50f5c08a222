/** A failure of the app's API as the browser sees it: a message a person can read, and the fields at fault. */
export class ApiProblem extends Error {
  override readonly name = "ApiProblem";
  readonly code?: string;
  readonly fields?: Record<string, string>;
  readonly status?: number;

  constructor(message: string, details: { code?: string; fields?: Record<string, string>; status?: number } = {}) {
    super(message);
    this.code = details.code;
    this.fields = details.fields;
    this.status = details.status;
  }

  /** Anything thrown, as a problem a person can read (a bug's own wording is not shown). */
  static from(error: unknown): ApiProblem {
    return error instanceof ApiProblem ? error : new ApiProblem("Something went wrong. Please try again.");
  }
}

/** Calls the app's own API from the browser; any failure becomes an ApiProblem with a readable message. */
export async function fetchJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiProblem("The network failed. Check your connection and try again; nothing was lost.");
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (json as { error?: { message?: string; code?: string; fields?: Record<string, string> } } | undefined)?.error;
    throw new ApiProblem(error?.message ?? "Something went wrong. Please try again.", { code: error?.code, fields: error?.fields, status: response.status });
  }
  return json as T;
}
