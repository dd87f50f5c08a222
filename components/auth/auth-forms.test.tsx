import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import { ApiTokens } from "@/components/account/api-tokens";
import { DeleteAccount } from "@/components/account/delete-account";
import { renderIntl } from "@/lib/testing/intl";
import type { Locale } from "@/lib/i18n/locales";
import { ChangePasswordForm, ForgotPasswordForm, ResetPasswordForm } from "./account-forms";
import { LoginForm } from "./login-form";
import { SignUpForm } from "./signup-form";
import { StepUpDialog } from "./step-up";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {} }) }));

const text = (ui: React.ReactElement, locale: Locale) => parse(renderIntl(ui, locale)).textContent.replace(/\s+/g, " ");

describe("the sign-in and account forms", () => {
  it("keep the English the e2e tests look for", () => {
    const login = text(<LoginForm callbackUrl="/start" />, "en");
    expect(login).toContain("Sign in with a passkey");
    expect(login).toContain("Forgot your password?");
    expect(text(<SignUpForm minPasswordLength={10} next="/onboarding" />, "en")).toContain(
      "At least 10 characters and hard to guess: a few unrelated words work well.",
    );
    expect(text(<ForgotPasswordForm />, "en")).toContain("Email me a reset link");
    expect(text(<ResetPasswordForm token="t" first />, "en")).toContain("Set my password and sign in");
  });

  it("read in Spanish", () => {
    const login = text(<LoginForm callbackUrl="/start" notice="x" sso />, "es");
    expect(login).toContain("Correo electrónico");
    expect(login).toContain("Iniciar sesión con una llave de acceso (passkey)");
    expect(login).toContain("Iniciar sesión con la cuenta de su organización");
    expect(login).toContain("¿Olvidó su contraseña?");
    const signUp = text(<SignUpForm minPasswordLength={10} next="/onboarding" />, "es");
    expect(signUp).toContain("Al menos 10 caracteres");
    expect(signUp).toContain("Crear cuenta");
    expect(text(<ChangePasswordForm />, "es")).toContain("Contraseña actual");
    expect(text(<DeleteAccount hasSecondFactor={false} />, "es")).toContain("¿Eliminar su cuenta?");
    const tokens = text(
      <ApiTokens
        endpoint="/api/account/tokens"
        scopes={[{ value: "leads:read", label: "Read leads" }]}
        tokens={[
          {
            id: 1,
            name: "CRM",
            prefix: "hdt_abc123",
            scopes: ["leads:read"],
            lastUsedAt: null,
            expiresAt: "2026-12-01T00:00:00Z",
            status: "active",
            createdAt: "2026-11-01T00:00:00Z",
            owner: { id: 1, email: "o@example.com" },
          } as never,
        ]}
      />,
      "es",
    );
    expect(tokens).toContain("leads:read: Leer clientes potenciales");
    expect(tokens).toContain("1 año");
    expect(tokens).toContain("Nunca");
    expect(tokens).toContain("Activo");
    expect(tokens).toContain("1 de diciembre de 2026");
  });

  it("the step-up dialog in Spanish", () => {
    const dialog = text(
      <StepUpDialog proof="password" returnTo={null} onConfirmed={() => {}} onCancel={() => {}} />,
      "es",
    );
    expect(dialog).toContain("Confirme que es usted");
    expect(dialog).toContain("Su contraseña");
    expect(dialog).toContain("Confirmar y continuar");
  });
});
