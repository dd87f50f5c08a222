import { describe, expect, it } from "vitest";
import { AUDIT_OUTCOMES, type auditEvents } from "@/lib/db/schema";
import { AUDIT_ACTIONS, toAuditEventDto, type AuditAction } from "./audit";

const actions = Object.keys(AUDIT_ACTIONS) as AuditAction[];

// Words that say an attempt did not go through: a refused or failed row must read as one.
const NOT_DONE = /\b(tried|refused|wrong|failed|could not|not)\b/i;

const row = (action: string, outcome: (typeof AUDIT_OUTCOMES)[number]): typeof auditEvents.$inferSelect => ({
  id: 1,
  at: new Date("2026-11-26T12:00:00Z"),
  action,
  outcome,
  actorRef: "u-0123456789abcdef",
  actorRole: "homeowner",
  partnerSiteId: null,
  subjectRef: null,
  ownerId: null,
  propertyId: null,
  address: "3901 WALLINGFORD AVE N, SEATTLE, WA 98103",
  addressKey: null,
  detail: null,
  requestId: null,
  piiSalt: null,
  actorId: null,
  actorEmail: null,
  ip: null,
  piiDigest: "",
  prevHash: "",
  hash: "",
  keyId: null,
});

/** The words a row of the action and outcome is shown with (the API, the CSV and /admin/audit all show the DTO's). */
const wordsOf = (action: string, outcome: (typeof AUDIT_OUTCOMES)[number]) => toAuditEventDto(row(action, outcome)).description;

describe("the activity log's words for each action and outcome", () => {
  it("a refused mailed code reads as a wrong code, not as a home proved (what /admin/audit, the CSV and the API show)", () => {
    expect(toAuditEventDto(row("ownership.proof", "refused")).description).toBe("Tried a wrong ownership code");
    expect(toAuditEventDto(row("ownership.proof", "allowed")).description).toBe("Proved ownership of a home");
    expect(toAuditEventDto(row("signin", "refused")).description).not.toBe(toAuditEventDto(row("signin", "allowed")).description);
  });

  it.each(actions)("%s: a label for every outcome; a refused or failed one never reads as the success", (action) => {
    const allowed = wordsOf(action, "allowed");
    expect(allowed).toBe(AUDIT_ACTIONS[action]);
    for (const outcome of AUDIT_OUTCOMES) {
      const label = wordsOf(action, outcome);
      expect(label.trim().length, `${action} × ${outcome}`).toBeGreaterThan(0);
      if (outcome === "allowed") continue;
      expect(label, `${action} × ${outcome}`).not.toBe(allowed);
      expect(label, `${action} × ${outcome} claims success`).toMatch(NOT_DONE);
    }
    expect(wordsOf(action, "refused")).not.toBe(wordsOf(action, "failed"));
  });

  it("an action the app no longer records reads as its name, whatever the outcome", () => {
    expect(wordsOf("lookup.retired", "allowed")).toBe("lookup.retired");
    expect(wordsOf("lookup.retired", "refused")).toMatch(NOT_DONE);
  });
});
