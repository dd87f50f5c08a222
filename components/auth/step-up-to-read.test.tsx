import { describe, expect, it, vi } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import { StepUpToRead } from "./step-up-to-read";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

describe("the prompt a staff page shows instead of its records when its read needs a step-up", () => {
  it("is a region named by its heading, says why, and has a button for the step-up's dialog", () => {
    const html = renderIntl(<StepUpToRead />, "en");
    const labelledBy = /<section aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h1 id="${labelledBy}"`);
    expect(html).toContain("Confirm it is you to go on</h1>");
    expect(html).toContain(
      "You have read many records (clients, leads, the activity log or the mail kept) in a short time.",
    );
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Confirm it is you<\/button>/);
    // The dialog opens when asked, not over the page as it loads.
    expect(html).not.toContain("<dialog");
  });

  it("in Spanish", () => {
    const html = renderIntl(<StepUpToRead />, "es");
    expect(html).toContain("Confirme que es usted para continuar</h1>");
    expect(html).toContain(
      "Ha leído muchos registros (clientes, solicitudes, el registro de actividad o el correo guardado) en poco tiempo.",
    );
  });
});
