import { describe, expect, it } from "vitest";
import { leadNoticeMessage, leadSummaryMessage, type LeadLine } from "./lead-messages";

describe("the officer's mail about a lead", () => {
  it("keeps control characters a visitor typed in their name (CR, LF, tab, bell) out of the subject", () => {
    const message = leadNoticeMessage({
      to: "officer@example.com",
      preferencesUrl: "https://homes.example/account",
      lead: {
        id: 1,
        kind: "report",
        status: "new",
        name: "Eve\r\nBcc: victim@evil.example\u0007\u2028X",
        email: "eve@example.com",
        address: null,
        phone: null,
        bestTime: null,
        timeZone: null,
        message: null,
        scenario: null,
        createdAt: new Date("2026-12-01T10:00:00Z"),
        url: "https://homes.example/leads/1",
      },
    });
    expect(message.subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(message.subject).toContain("Eve Bcc: victim@evil.example X");
  });

  const call: LeadLine = {
    id: 7,
    kind: "call",
    status: "new",
    name: "Dana Reyes",
    email: "dana@example.com",
    address: "2800 N 24th St, Phoenix, AZ 85008",
    phone: "+15125550142",
    bestTime: "evening",
    timeZone: "America/Chicago",
    message: null,
    scenario: null,
    createdAt: new Date("2026-12-01T10:00:00Z"),
    url: "https://homes.example/leads/7",
  };
  const times = (text: string, words: string) => text.split(words).length - 1;

  it('says "Open the lead" once, as its button, and the phone as it is dialled', () => {
    const message = leadNoticeMessage({
      to: "officer@example.com",
      preferencesUrl: "https://homes.example/account",
      lead: call,
    });
    expect(times(message.html!, "Open the lead")).toBe(1);
    expect(times(message.text, "https://homes.example/leads/7")).toBe(1);
    expect(message.text).toContain("(512) 555-0142");
    expect(message.html).toContain("(512) 555-0142");
  });

  it("keeps each lead's own link in the daily summary, where the button opens the list", () => {
    const message = leadSummaryMessage({
      to: "officer@example.com",
      day: "2026-12-01",
      fresh: [call, { ...call, id: 8, url: "https://homes.example/leads/8" }],
      overdue: [],
      leadsUrl: "https://homes.example/leads",
      preferencesUrl: "https://homes.example/account",
    });
    expect(times(message.html!, "Open the lead")).toBe(2);
  });
});
