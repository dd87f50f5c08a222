import { parse } from "node-html-parser";
import { describe, expect, it, vi } from "vitest";
import { sinceParts } from "@/app/(site)/leads/time-since";
import { translator } from "@/lib/i18n/messages";
import { timeSince } from "@/lib/leads/words";
import { renderIntl } from "@/lib/testing/intl";
import { LeadStatusButtons } from "./lead-status-buttons";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

describe("the lead's status buttons", () => {
  it("name the status and the moves in English, as before", () => {
    const root = parse(renderIntl(<LeadStatusButtons leadId={3} status="new" next={["contacted", "lost", "spam"]} />));
    expect(root.querySelector('[data-testid="lead-status"]')!.text).toBe("New");
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(["Mark contacted", "Mark lost", "Mark spam"]);
    expect(root.textContent).toContain("Status: New");
  });

  it("and in Spanish", () => {
    const root = parse(renderIntl(<LeadStatusButtons leadId={3} status="contacted" next={["won"]} />, "es"));
    expect(root.textContent).toContain("Estado: Contactada");
    expect(root.querySelectorAll("button").map((b) => b.text)).toEqual(["Marcar como ganada"]);
  });

  it("the leads' ages read as lib/leads/words.ts writes them in English, and in Spanish", () => {
    const en = translator("en", "Leads");
    const es = translator("es", "Leads");
    const now = new Date("2026-11-26T12:00:00Z");
    for (const minutes of [0, 5, 180, 60 * 24, 60 * 72]) {
      const at = new Date(now.getTime() - minutes * 60_000);
      expect(en("ago", sinceParts(at, now))).toBe(timeSince(at, now));
    }
    expect(es("ago", sinceParts(new Date("2026-11-24T11:00:00Z"), now))).toBe("hace 2 días");
    expect(es("ago", sinceParts(new Date("2026-11-26T09:00:00Z"), now))).toBe("hace 3 h");
  });
});
