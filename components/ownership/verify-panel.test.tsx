import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import type { VerificationState } from "@/lib/services/homes/ownership";
import { renderIntl } from "@/lib/testing/intl";
import { VerifyPanel } from "./verify-panel";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const waiting = {
  address: "3802 Stone Way N, Seattle, WA 98103",
  name: "Patrick Lindqvist",
  letter: { sentAt: "2026-11-20T10:00:00.000Z", expiresAt: "2026-12-20T10:00:00.000Z", triesLeft: 1 },
  nextLetterAt: null,
} as unknown as VerificationState;
const panel = (state: VerificationState, locale: Locale) => parse(renderIntl(<VerifyPanel state={state} />, locale));

describe("the proof of ownership panel", () => {
  it("reads in English as before", () => {
    const root = panel(waiting, "en");
    expect(root.querySelector("h2")!.text).toBe("Verify to see your loans and equity at 3802 Stone Way N");
    expect(root.text).toContain("on November 20, 2026. Enter it here before December 20, 2026 (1 try left).");
    expect(root.querySelector("button")!.text).toBe("Verify my home");
  });

  it("reads in Spanish", () => {
    const root = panel(waiting, "es");
    expect(root.querySelector("h2")!.text).toBe(
      "Demuestre que es el propietario para ver sus préstamos y su capital (equity) en 3802 Stone Way N",
    );
    expect(root.text).toContain(
      "el 20 de noviembre de 2026. Ingréselo aquí antes del 20 de diciembre de 2026 (le queda 1 intento).",
    );
    expect(root.querySelector("button")!.text).toBe("Verificar mi vivienda");
    const mail = panel({ ...waiting, letter: null } as unknown as VerificationState, "es");
    expect(mail.querySelector("button")!.text).toBe("Envíenme un código por correo");
  });
});
