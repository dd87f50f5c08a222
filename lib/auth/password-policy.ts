import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

let factory: ZxcvbnFactory | undefined;
// The dictionaries are large: built on first use, not at import.
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }));

/** The zxcvbn score a new password must reach (0–4): 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_STRENGTH = 3;

/**
 * Why a new password is too weak, as a sentence that names the field ("The password is too easy to guess: …"), or
 * undefined when it is good. Words that are the person's own (their email) count against it.
 */
export function weakPasswordReason(
  password: string,
  userInputs: string[] = [],
  field = "The password",
): string | undefined {
  if (!password.trim()) return `${field} must not be blank.`;
  const result = estimator().check(
    password,
    userInputs.flatMap((input) => input.toLowerCase().split(/[@.\s_-]+/)).filter((w) => w.length > 2),
  );
  if (result.score >= MIN_STRENGTH) return undefined;
  const hint =
    result.feedback.warning || result.feedback.suggestions[0] || "Add more words or characters that are hard to guess.";
  return `${field} is too easy to guess: ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`;
}
