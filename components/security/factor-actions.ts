import type { ReactNode } from "react";
import type { ApiProblem } from "@/lib/client/fetch-json";

/** What an action's `done` may answer: a message to say in its section, and new recovery codes to show. */
type Outcome = void | { message?: string; recoveryCodes?: string[] };

/**
 * What each section of the security page gets: the step-up, and one way to run an action whose outcome is said in that
 * section. Its own module: the page (security-settings.tsx) and its sections both use it, and the page imports them.
 */
export interface FactorActions {
  withStepUp: <T>(run: () => Promise<T>) => Promise<T>;
  /**
   * `failed` may show a problem beside its field instead (answer true). New recovery codes in the outcome are shown.
   */
  run: <T>(
    section: string,
    action: () => Promise<T>,
    done: (answer: T) => Outcome,
    failed?: (problem: ApiProblem) => boolean,
  ) => Promise<void>;
  said: (section: string) => ReactNode;
  pending?: string;
}
