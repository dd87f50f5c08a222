import type { AuditOutcome } from "@/lib/db/schema";

/**
 * What the activity log records. Reads of private data (`*.read`, report downloads, lookups) and security events; each
 * row says who, what, when, from where and how it ended.
 */
export const AUDIT_ACTIONS = {
  // Private data read
  "owner.data.read": "Read the owner's homes and loans",
  "equity.read": "Read a home's equity",
  "report.read": "Downloaded a home's report",
  "records.read": "Read a home's loans and sales",
  "lookup.address": "Looked up an address",
  // The check ran; its answer (owner or not) is the officer's to read, not the log's to claim.
  "lookup.verify": "Checked whether an applicant owns a home",
  "lookup.valuation": "Read a home's estimate",
  "lookup.summary": "Read a home's facts",
  "lookup.batch": "Looked up a batch of addresses",
  "clients.read": "Read clients' records",
  "opportunities.read": "Read clients' opportunities",
  "client.refresh": "Refreshed a client's value and equity",
  "client.refresh.scheduled": "Refreshed a client's value and equity (the monthly check)",
  "clients.import": "Imported clients",
  "opportunity.dismiss": "Dismissed a client's opportunity",
  "opportunity.mark": "Marked a client's opportunity contacted or open again",
  "clients.export": "Exported clients",
  "client.invite": "Invited a client",
  "client.note": "Wrote a note on a client",
  "ownership.claim": "Claimed a home",
  "ownership.letter": "Asked for a code by mail",
  "ownership.proof": "Proved ownership of a home",
  // Leads: a homeowner's question, call or quote request to their officer
  "lead.create": "Sent a request to their loan officer",
  "lead.read": "Read a lead",
  "leads.read": "Read leads",
  "lead.status": "Changed a lead's status",
  "lead.release": "Released a widget lead held for review (its officer is told now)",
  "lead.mail": "Changed how new leads are mailed",
  // Sign-in and the account's security
  signin: "Signed in",
  "signin.second_factor": "Gave a second factor",
  signout: "Signed out",
  "signout.everywhere": "Ended every session",
  "factor.add": "Added a second factor",
  "factor.remove": "Removed a second factor",
  "factor.reset": "Reset someone's second factors",
  "recovery_codes.new": "Made new recovery codes",
  "password.change": "Changed the password",
  "password.reset": "Reset the password by email",
  "email.verify": "Proved their email",
  reauthenticate: "Gave their password again",
  // People and the organization
  "user.create": "Created an account",
  "user.invite": "Invited a staff member by email",
  "user.role": "Changed someone's role",
  "user.delete": "Deleted an account",
  "settings.change": "Changed a setting",
  "job.run": "Ran a job by hand",
  "clock.advance": "Moved the embedded clock",
  "audit.read": "Read the activity log",
  "audit.export": "Exported the activity log",
  "audit.verify": "Checked the activity log for tampering",
  "audit.erase": "Erased a person's details from the log",
  "audit.sweep": "Removed activity past its retention",
  "outbox.read": "Read the mail kept in the outbox",
  "outbox.export": "Read more than 50 messages of the outbox",
  "account.export": "Downloaded their data",
  "account.delete": "Deleted their account",
  "account.dispose": "Account deleted after years without use",
  "account.dispose_warning": "Warned of deletion for lack of use",
  // Webhooks into the lender's systems
  "webhook.create": "Added a webhook endpoint",
  "webhook.update": "Changed a webhook endpoint",
  "webhook.rotate": "Rotated a webhook endpoint's secret",
  "webhook.delete": "Deleted a webhook endpoint",
  "webhook.disable": "Turned off a webhook endpoint that failed for 3 days",
  "webhook.deliveries.read": "Read a webhook endpoint's delivery log",
  "webhook.retry": "Sent a webhook delivery again",
  "webhook.test": "Sent a test event to a webhook endpoint",
  // The value widget's visitors
  "lead.widget": "Asked for their full report in the value widget",
  "report_link.open": "Opened the report link mailed from the value widget",
  // API tokens
  "api_token.create": "Created an API token",
  "api_token.revoke": "Revoked an API token",
  "api_token.used": "Called the API with a token",
  // Loan officers' cards (issue 39)
  "officer.assign": "Assigned a homeowner's loan officer",
  "officer.link": "Linked a homeowner to a client entry at a home they proved, whose officer is now theirs",
  "officer.profile": "Changed their loan officer card",
  "organization.change": "Changed the organization's card details",
  "site.officer": "Set a widget site's loan officer",
  // Its secret signs partners' sign-in links (a member's dashboard) and outlives the session that made it.
  "site.create": "Registered a widget site",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The reads a homeowner sees in "Who looked at my home's records" when someone else made them. */
export const PRIVATE_READS: readonly AuditAction[] = [
  "owner.data.read",
  "equity.read",
  "report.read",
  "records.read",
  "lookup.address",
  "lookup.verify",
  "lookup.valuation",
  "lookup.summary",
  "lookup.batch",
  "clients.read",
  "clients.export",
  "client.refresh",
  "client.refresh.scheduled",
];

/**
 * What each action of the activity log reads as when it did not go through: the attempt in words ("prove ownership of a
 * home") and, where the plain form would mislead, the refusal's own words. A refused row must never read as the success
 * ("Proved ownership of a home" beside "Refused" was read as a home proved). The allowed words are AUDIT_ACTIONS'.
 */
interface Attempt {
  /** The action as an attempt, after "Tried to". */
  tried: string;
  refused?: string;
  /** A refusal's words by the row's `detail.reason`, where the reasons differ enough to mislead in one sentence. */
  refusedBecause?: Partial<Record<string, string>>;
  failed?: string;
}

const ATTEMPTS: Record<AuditAction, Attempt> = {
  "owner.data.read": { tried: "read the owner's homes and loans" },
  "equity.read": { tried: "read a home's equity" },
  "report.read": { tried: "download a home's report" },
  "records.read": { tried: "read a home's loans and sales" },
  "lookup.address": { tried: "look up an address" },
  "lookup.verify": { tried: "check whether an applicant owns a home" },
  "lookup.valuation": { tried: "read a home's estimate" },
  "lookup.summary": { tried: "read a home's facts" },
  "lookup.batch": { tried: "look up a batch of addresses" },
  "clients.read": { tried: "read clients' records" },
  "opportunities.read": { tried: "read clients' opportunities" },
  "client.refresh": { tried: "refresh a client's value and equity" },
  "client.refresh.scheduled": { tried: "refresh a client's value and equity (the monthly check)" },
  "clients.import": { tried: "import clients" },
  "opportunity.dismiss": { tried: "dismiss a client's opportunity" },
  "opportunity.mark": { tried: "mark a client's opportunity" },
  "clients.export": { tried: "export clients", refused: "Tried to export clients without a recent second factor" },
  "client.invite": { tried: "invite a client" },
  "client.note": { tried: "write a note on a client" },
  "officer.assign": { tried: "assign a homeowner's loan officer" },
  "officer.link": { tried: "link a homeowner to a client entry" },
  "officer.profile": { tried: "change their loan officer card" },
  "organization.change": { tried: "change the organization's card details" },
  "site.officer": { tried: "set a widget site's loan officer" },
  "site.create": { tried: "register a widget site" },
  "ownership.claim": { tried: "claim a home" },
  "ownership.letter": { tried: "ask for a code by mail" },
  "ownership.proof": {
    tried: "prove ownership of a home",
    refusedBecause: {
      wrong_code: "Tried a wrong ownership code",
      owner_taken: "Tried to prove ownership of a home another account has proved",
    },
  },
  "lead.create": { tried: "send a request to their loan officer" },
  "lead.read": { tried: "read a lead" },
  "leads.read": { tried: "read leads" },
  "lead.status": { tried: "change a lead's status" },
  "lead.release": { tried: "release a widget lead held for review" },
  "lead.mail": { tried: "change how new leads are mailed" },
  signin: { tried: "sign in", refused: "Tried to sign in and was refused" },
  "signin.second_factor": {
    tried: "give a second factor",
    refusedBecause: {
      invalid: "Gave a wrong second factor",
      throttled: "Tried a second factor too soon after wrong ones: refused",
      locked: "Tried a second factor while they were locked: refused",
    },
  },
  signout: { tried: "sign out" },
  "signout.everywhere": { tried: "end every session" },
  "factor.add": { tried: "add a second factor" },
  "factor.remove": { tried: "remove a second factor" },
  "factor.reset": { tried: "reset someone's second factors" },
  "recovery_codes.new": { tried: "make new recovery codes" },
  "password.change": {
    tried: "change the password",
    refusedBecause: {
      wrong_password: "Tried to change the password with a wrong current one",
      throttled: "Tried to change the password too soon after wrong ones: refused",
    },
  },
  "password.reset": { tried: "reset the password by email" },
  "email.verify": { tried: "prove their email" },
  reauthenticate: {
    tried: "give their password again",
    refusedBecause: {
      invalid: "Gave a wrong password to confirm it was them",
      other_account: "Gave another account's password to confirm it was them",
      throttled: "Tried their password again too soon after wrong ones: refused",
    },
  },
  "user.create": { tried: "create an account" },
  "user.invite": { tried: "invite a staff member by email" },
  "user.role": { tried: "change someone's role" },
  "user.delete": { tried: "delete an account" },
  "settings.change": { tried: "change a setting" },
  "job.run": { tried: "run a job by hand" },
  "clock.advance": { tried: "move the embedded clock" },
  "audit.read": { tried: "read the activity log" },
  "audit.export": {
    tried: "export the activity log",
    refusedBecause: { step_up_required: "Tried to export the activity log without a recent second factor" },
  },
  "audit.verify": { tried: "verify the activity log" },
  "audit.erase": { tried: "erase a person's details from the log" },
  "audit.sweep": { tried: "remove activity past its retention" },
  "outbox.read": { tried: "read the mail kept in the outbox" },
  "outbox.export": {
    tried: "read more than 50 messages of the outbox",
    refused: "Tried to read more than 50 messages of the outbox without a recent second factor",
  },
  "account.export": { tried: "download their data" },
  "account.delete": { tried: "delete their account" },
  "account.dispose": { tried: "delete an account after years without use" },
  "account.dispose_warning": { tried: "warn of deletion for lack of use" },
  "webhook.create": { tried: "add a webhook endpoint" },
  "webhook.update": { tried: "change a webhook endpoint" },
  "webhook.rotate": { tried: "rotate a webhook endpoint's secret" },
  "webhook.delete": { tried: "delete a webhook endpoint" },
  "webhook.disable": { tried: "turn off a webhook endpoint that failed for 3 days" },
  "webhook.deliveries.read": { tried: "read a webhook endpoint's delivery log" },
  "webhook.retry": { tried: "send a webhook delivery again" },
  "webhook.test": { tried: "send a test event to a webhook endpoint" },
  "lead.widget": { tried: "ask for their full report in the value widget" },
  "report_link.open": {
    tried: "open a report link",
    refusedBecause: {
      used: "Tried a report link already used",
      expired: "Tried an expired report link",
      unknown: "Tried a report link that does not exist",
    },
  },
  "api_token.create": {
    tried: "create an API token",
    refused: "Tried to create an API token without a recent second factor",
  },
  "api_token.revoke": { tried: "revoke an API token" },
  "api_token.used": { tried: "call the API with a token" },
};

/**
 * The words of a row of the log: the action's own (`allowed`, AUDIT_ACTIONS') when it went through, its attempt's when
 * it was refused or failed, by the refusal's reason (the row's `detail.reason`) where one is known. A reason without
 * words of its own reads as the plain refusal. An action no longer recorded reads as its name, with the outcome beside
 * it.
 */
export function labelOf(action: string, outcome: AuditOutcome, allowed: string | undefined, reason?: unknown): string {
  const attempt = (ATTEMPTS as Record<string, Attempt | undefined>)[action];
  if (outcome === "allowed") return allowed ?? action;
  if (!attempt) return `${action} (${outcome})`;
  if (outcome === "refused")
    return (
      (typeof reason === "string" ? attempt.refusedBecause?.[reason] : undefined) ??
      attempt.refused ??
      `Tried to ${attempt.tried}: refused`
    );
  return attempt.failed ?? `Tried to ${attempt.tried}: it failed`;
}

/**
 * How "Who looked at my home's records" says a read to the homeowner, where the staff's words would not do: the
 * portfolio's refreshes are their loan officer's checks, not a lookup.
 */
const HOMEOWNER_WORDS: Partial<Record<AuditAction, string>> = {
  "owner.data.read": "Read your homes and loans",
  "lookup.verify": "Checked whether someone who applied owns your home",
  "clients.read": "Opened your home's page in their client list",
  "clients.export": "Exported their list of clients, your home on it",
  "client.refresh": "Your loan officer refreshed your home's value and equity",
  "client.refresh.scheduled": "Your loan officer's monthly check of your home's equity",
};

export const homeownerLabelOf = (action: string, outcome: AuditOutcome, allowed: string | undefined): string =>
  (outcome === "allowed" ? (HOMEOWNER_WORDS as Record<string, string | undefined>)[action] : undefined) ??
  labelOf(action, outcome, allowed);
