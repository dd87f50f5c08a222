import { describe, expect, it } from "vitest";
import { AUDIT_OUTCOMES, type auditEvents } from "@/lib/db/schema";
import { AUDIT_ACTIONS, PRIVATE_READS, type AuditAction } from "./labels";
import { toAuditEventDto } from "./read";
import { CATALOGUES } from "@/lib/i18n/messages";
import { homeownerLabelOf } from "./labels";

const actions = Object.keys(AUDIT_ACTIONS) as AuditAction[];

// Words that say an attempt did not go through: a refused or failed row must read as one.
const NOT_DONE = /\b(tried|refused|wrong|failed|could not|not)\b/i;

const row = (
  action: string,
  outcome: (typeof AUDIT_OUTCOMES)[number],
  reason?: string,
): typeof auditEvents.$inferSelect => ({
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
  detail: reason === undefined ? null : { reason },
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
const wordsOf = (action: string, outcome: (typeof AUDIT_OUTCOMES)[number]) =>
  toAuditEventDto(row(action, outcome)).description;

describe("the activity log's words for each action and outcome", () => {
  it("a refused mailed code reads as a wrong code, not as a home proved (what /admin/audit, the CSV and the API show)", () => {
    expect(toAuditEventDto(row("ownership.proof", "refused", "wrong_code")).description).toBe(
      "Tried a wrong ownership code",
    );
    expect(toAuditEventDto(row("ownership.proof", "allowed")).description).toBe("Proved ownership of a home");
    expect(toAuditEventDto(row("signin", "refused")).description).not.toBe(
      toAuditEventDto(row("signin", "allowed")).description,
    );
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

  // A refusal's words follow its reason: a home another account proved is not a wrong code, and a throttled or locked
  // second factor was never compared (issue: "an audit action's label reads right with its outcome").
  it.each([
    ["ownership.proof", "wrong_code", "Tried a wrong ownership code"],
    ["ownership.proof", "owner_taken", "Tried to prove ownership of a home another account has proved"],
    ["ownership.proof", undefined, "Tried to prove ownership of a home: refused"],
    ["signin.second_factor", "invalid", "Gave a wrong second factor"],
    ["signin.second_factor", "throttled", "Tried a second factor too soon after wrong ones: refused"],
    ["signin.second_factor", "locked", "Tried a second factor while they were locked: refused"],
    ["reauthenticate", "invalid", "Gave a wrong password to confirm it was them"],
    ["reauthenticate", "other_account", "Gave another account's password to confirm it was them"],
    ["reauthenticate", "throttled", "Tried their password again too soon after wrong ones: refused"],
    ["password.change", "wrong_password", "Tried to change the password with a wrong current one"],
    ["password.change", "throttled", "Tried to change the password too soon after wrong ones: refused"],
    ["audit.export", "step_up_required", "Tried to export the activity log without a recent second factor"],
    ["audit.export", "rate_limited", "Tried to export the activity log: refused"],
    ["report_link.open", "used", "Tried a report link already used"],
    ["report_link.open", "expired", "Tried an expired report link"],
    ["report_link.open", "unknown", "Tried a report link that does not exist"],
  ])("%s refused (%s) reads: %s", (action, reason, words) => {
    expect(toAuditEventDto(row(action, "refused", reason)).description).toBe(words);
  });

  it("a check that ran reads as a check, not as its answer: an applicant not found on the deed, a log found broken", () => {
    expect(wordsOf("lookup.verify", "allowed")).toBe("Checked whether an applicant owns a home");
    expect(wordsOf("audit.verify", "allowed")).toBe("Checked the activity log for tampering");
  });

  it.each(PRIVATE_READS)(
    "%s reads right to the homeowner whose home it was (their access log shows what went through)",
    (action) => {
      const words = homeownerLabelOf(action, "allowed", AUDIT_ACTIONS[action]);
      // Not "a client's" nor "the owner's": the homeowner is the one reading.
      expect(words).not.toMatch(/\b(a client's|clients'|the owner's)/);
      expect(words).not.toMatch(/^Verified/);
    },
  );
});

describe("the homeowner's access log in each language", () => {
  const reads = (locale: "en" | "es") => CATALOGUES[locale].DataRights.reads as Record<string, string>;

  it.each(PRIVATE_READS)("%s has its words in the catalogue, the English being the log's own", (action) => {
    const key = action.replace(/\./g, "_");
    expect(reads("en")[key]).toBe(homeownerLabelOf(action, "allowed", AUDIT_ACTIONS[action]));
    expect(reads("es")[key]).toBeTruthy();
    expect(reads("es")[key]).not.toBe(reads("en")[key]);
  });
});
