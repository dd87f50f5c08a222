import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { CodeField } from "@/components/auth/code-field";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { renderIntl } from "@/lib/testing/intl";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { PasskeysSection } from "./passkeys-section";
import { RecoveryCodes } from "./recovery-codes";
import type { FactorActions } from "./factor-actions";

const text = (ui: React.ReactElement, locale: Locale) => parse(renderIntl(ui, locale)).textContent.replace(/\s+/g, " ");

const actions: FactorActions = { withStepUp: (run) => run(), run: async () => undefined, said: () => null };
const KEY = { id: "k1", name: "Work laptop", createdAt: "2026-03-03T12:00:00Z", lastUsedAt: null };

describe("the security page's words", () => {
  it("passkeys, in English as the e2e tests read them and in Spanish with its dates", () => {
    const en = renderIntl(<PasskeysSection passkeys={[KEY]} homeowner actions={actions} />, "en");
    expect(parse(en).textContent).toContain("Added March 3, 2026 · last used never");
    expect(en).toContain('aria-label="Rename Work laptop"');
    expect(en).toContain("Name for the new passkey");
    const es = text(<PasskeysSection passkeys={[KEY]} homeowner actions={actions} />, "es");
    expect(es).toContain("Agregada el 3 de marzo de 2026 · último uso: nunca");
    expect(es).toContain("Agregar una llave de acceso (passkey)");
  });

  it("recovery codes and the code field in Spanish", () => {
    expect(text(<RecoveryCodes codes={["K7P2M-X9QRT"]} replaced onSaved={() => {}} savedLabel="-" />, "es")).toContain(
      "Sus códigos de recuperación anteriores ya no funcionan.",
    );
    expect(text(<CodeField id="c" />, "es")).toContain(
      "Escriba el código de 6 dígitos de su aplicación de autenticación",
    );
  });

  it("the confirm button's label in both languages", () => {
    expect(text(<ConfirmButton label="Remove" question="?" confirmLabel="Yes" onConfirm={() => {}} />, "en")).toBe(
      "Remove",
    );
  });

  it("the account's summary lines keep the English the e2e tests read, and read in Spanish", () => {
    const en = translator("en", "Account");
    expect(en("passkeys", { count: 0, names: "" })).toBe("Passkeys: none");
    expect(en("passkeys", { count: 1, names: "Passkey on this device" })).toBe("Passkeys: 1 (Passkey on this device)");
    expect(en("who", { email: "a@example.com", role: "homeowner", verified: "false" })).toBe(
      "a@example.com · Homeowner · home not verified yet",
    );
    expect(en("who", { email: "o@example.com", role: "loan_officer", verified: "staff" })).toBe(
      "o@example.com · Loan officer",
    );
    const es = translator("es", "Account");
    expect(es("authenticator", { on: "true" })).toBe("Aplicación de autenticación: activada");
    expect(es("recoveryCodes", { left: 9 })).toBe("Códigos de recuperación: le quedan 9 de 10");
    expect(
      translator("en", "RecoveryCodes").markup("sectionIntro", { left: 9, b: (chunks) => `[${chunks}]` }),
    ).toContain("[9 of 10 left.]");
    expect(translator("es", "ApiTokens")("expiry", { days: 365 })).toBe("1 año");
    expect(translator("en", "ApiTokens")("expiry", { days: 90 })).toBe("90 days");
    expect(translator("es", "Unsubscribe")("ask", { mailing: "monthly_digest" })).toContain(
      "el resumen mensual sobre su vivienda",
    );
  });
});
