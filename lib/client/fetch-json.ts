/** A failure of the app's API as the browser sees it: a message a person can read, and the fields at fault. */
export interface ApiProblem {
  message: string;
  code?: string;
  fields?: Record<string, string>;
  status?: number;
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
    throw { message: "The network failed. Check your connection and try again; nothing was lost." } satisfies ApiProblem;
  }
  const json = await response.json().catch(() => undefined);
  if (!response.ok) throw { message: "Something went wrong. Please try again.", ...json?.error, status: response.status } as ApiProblem;
  return json as T;
}
