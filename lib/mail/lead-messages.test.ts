import { describe, expect, it } from "vitest";
import { leadNoticeMessage } from "./lead-messages";

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
});
