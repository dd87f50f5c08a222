import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/error-text";

/** The code of a failure before any answer came (the request never reached the app): shown as Common.networkFailed. */
export const NETWORK_FAILED = "network";
/** The code of a failure the app gave no words for (a bug, an answer that was not the API's): Common.somethingWrong. */
export const UNEXPECTED = "unexpected";

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
    return error instanceof ApiProblem
      ? error
      : new ApiProblem("Something went wrong. Please try again.", { code: UNEXPECTED });
  }
}

/**
 * Calls the app's own API from the browser; any failure becomes an ApiProblem with a readable message (English) and a
 * code: the API's `error.code`, else NETWORK_FAILED or UNEXPECTED. A component shows it through `useProblemText()`.
 */
export async function fetchJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiProblem("The network failed. Check your connection and try again; nothing was lost.", {
      code: NETWORK_FAILED,
    });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (json as { error?: { message?: string; code?: string; fields?: Record<string, string> } } | undefined)
      ?.error;
    throw new ApiProblem(error?.message ?? "Something went wrong. Please try again.", {
      code: error?.code ?? (error?.message ? undefined : UNEXPECTED),
      fields: error?.fields,
      status: response.status,
    });
  }
  return json as T;
}

/**
 * A problem's words in the reader's language: the browser's own failures (NETWORK_FAILED, UNEXPECTED) from `Common`,
 * the API's by their code (`useErrorText`, the `Errors` namespace), else the words the server wrote.
 */
export function useProblemText(): (problem: { code?: string; message: string }) => string {
  const common = useTranslations("Common");
  const errorText = useErrorText();
  return (problem) =>
    problem.code === NETWORK_FAILED
      ? common("networkFailed")
      : problem.code === UNEXPECTED
        ? common("somethingWrong")
        : errorText(problem);
}
