import { useTranslations } from "next-intl";

/** What the app's API answers on failure, as the browser has it (an ApiProblem, an AppError's shape). */
export interface Problem {
  code?: string;
  message: string;
}

/**
 * A failure's words in the reader's language: the catalogue's message for its `error.code` (the `Errors` namespace;
 * the code itself stays English and stable), else the words the server wrote. Works in client and server components.
 */
export function useErrorText(): (problem: Problem) => string {
  const t = useTranslations("Errors");
  return (problem) => {
    const key = problem.code as Parameters<typeof t>[0] | undefined;
    return key && t.has(key) ? t(key) : problem.message;
  };
}
