import { describe, expect, it } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import type { Locale } from "@/lib/i18n/locales";
import { usePasswordError } from "./password-problem";

function Said({ message, field = "password" }: { message: string; field?: string }) {
  const passwordError = usePasswordError();
  return <p>{passwordError({ fields: { [field]: message } }, field)}</p>;
}
const said = (message: string, locale: Locale, field?: string) =>
  renderIntl(<Said message={message} field={field} />, locale).replace(/<\/?p>/g, "");

describe("a weak password's sentence", () => {
  it("keeps the server's English", () => {
    const weak = "The password is too easy to guess: this is a top-10 common password";
    expect(said(weak, "en")).toBe(weak);
    expect(said("The new password must not be blank.", "en", "newPassword")).toBe(
      "The new password must not be blank.",
    );
  });

  it("in Spanish: the app's own words translated, zxcvbn's advice left in English", () => {
    expect(said("The password is too easy to guess: this is a top-10 common password", "es")).toBe(
      "La contraseña es demasiado fácil de adivinar: this is a top-10 common password",
    );
    expect(
      said(
        "The new password is too easy to guess: add more words or characters that are hard to guess.",
        "es",
        "newPassword",
      ),
    ).toBe(
      "La contraseña nueva es demasiado fácil de adivinar: agregue más palabras o caracteres difíciles de adivinar.",
    );
    expect(said("is required", "es")).toBe("is required");
  });
});
