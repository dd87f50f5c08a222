import { useTranslations } from "next-intl";

// The server's sentences for a weak password (lib/auth/password-policy.ts): "The password is too easy to guess: …".
const BLANK = /^The (new )?password must not be blank\.$/;
const WEAK = /^The (new )?password is too easy to guess: (.*)$/s;
const OWN_HINT = "add more words or characters that are hard to guess.";

/**
 * A password field's error in the reader's language: the app's own sentences about a weak password come from the
 * catalogue (`PasswordStrength`); the estimator's advice inside them (zxcvbn's feedback) stays in English, as no
 * Spanish pack is installed. Any other error of the field is shown as the server wrote it.
 */
export function usePasswordError(): (
  problem: { fields?: Record<string, string> } | undefined,
  field: string,
) => string | undefined {
  const t = useTranslations("PasswordStrength");
  return (problem, field) => {
    const said = problem?.fields?.[field];
    if (!said) return undefined;
    const blank = BLANK.exec(said);
    if (blank) return t("blank", { which: blank[1] ? "new" : "other" });
    const weak = WEAK.exec(said);
    if (!weak) return said;
    const hint = weak[2] ?? "";
    return t("weak", { which: weak[1] ? "new" : "other", hint: hint === OWN_HINT ? t("ownHint") : hint });
  };
}
