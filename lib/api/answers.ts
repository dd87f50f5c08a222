import { z } from "zod";
import { HomeownerLead } from "./schemas/leads";
import {
  AddressCheckDto,
  EquityDto,
  NormalizedAddressDto,
  PropertyFacts,
  ValuationDto,
  VerificationDto,
} from "@/lib/services/homes/dto";

/** What the app's API answers on success, route by route: the OpenAPI document is generated from these. */

export { AddressCheckDto, EquityDto, PropertyFacts, ValuationDto, VerificationDto };

export const Addresses = z.object({ addresses: z.array(NormalizedAddressDto) });
export const WidgetValuation = ValuationDto.extend({
  address: z.string().describe("The address the estimate is for, as the service standardized it"),
});

export const VerificationState = z.object({
  address: z.string(),
  addressKey: z.string(),
  name: z.string(),
  letter: z.object({ sentAt: z.string(), expiresAt: z.string(), triesLeft: z.number() }).nullable(),
  nextLetterAt: z.string().nullable(),
});
export const Claim = z.object({ verified: z.boolean(), created: z.boolean(), address: z.string().optional() });
export const OwnerData = z.object({
  verified: z.boolean().describe("true once the account proved it owns at least one home"),
  stale: z.boolean(),
  verification: VerificationState.nullable().describe("the first home waiting for proof (see claims for all)"),
  claims: z.array(VerificationState).describe("every home the account claimed and has not proved yet"),
  properties: z.array(
    z.object({
      propertyId: z.number(),
      facts: PropertyFacts,
      verified: z
        .boolean()
        .describe("proved: equity is given; not yet: the home's public facts only, and its verification"),
      equity: EquityDto.optional(),
      verification: VerificationState.optional(),
    }),
  ),
});
export const Verified = z.object({ verified: z.literal(true) });

export const Invitation = z.object({ id: z.number(), email: z.string(), address: z.string(), expiresAt: z.string() });
export const SignedIn = z.object({ email: z.string(), verified: z.literal(true).optional() });
export const Message = z.object({ message: z.string() });
export const Changed = z.object({ changed: z.literal(true) });
export const Ended = z.object({ ended: z.number().describe("How many sessions ended") });

export const Account = z.object({ id: z.number(), email: z.string(), role: z.string() });
export const StaffAccount = Account.extend({
  invitationExpiresAt: z
    .string()
    .optional()
    .describe("With invite: when the emailed link stops working (it works once)"),
});
export const RoleChanged = z.object({ id: z.number(), role: z.string() });
export const Outbox = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(["email", "letter"]),
      recipient: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      delivery: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export const Jobs = z.object({
  queues: z
    .array(z.object({ name: z.string(), state: z.string(), count: z.number() }))
    .describe("Jobs in the database per kind and state"),
  failed: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        data: z.unknown(),
        error: z.string(),
        attempts: z.number(),
        failedAt: z.string(),
      }),
    )
    .describe("Jobs that spent every attempt, newest first"),
});
export const JobRetried = z.object({ retried: z.literal(true) });
export const RefreshBudget = z.object({
  period: z.string().describe("This month, as YYYY-MM"),
  budget: z.number().describe("Scheduled client refreshes allowed this month (each at most one billable call)"),
  spent: z.number().describe("Scheduled refreshes made this month"),
  waiting: z.number().describe("Clients whose day of the month has come and who wait for their refresh"),
});
export const JobQueued = z.object({
  id: z.string().nullable().describe("The job's id; null when the same run already waits"),
});
export const Unsubscribed = z.object({
  unsubscribed: z.literal(true),
  kind: z.enum(["monthly_digest", "daily_summary"]),
});
export const MailPreferences = z.object({ monthlyDigest: z.boolean(), dailySummary: z.boolean() });
export const EmbeddedClock = z.object({
  months: z.number().describe("Months past the data set's date"),
  date: z.string().describe("The date the embedded service values homes at (YYYY-MM-DD)"),
});
const UsageRow = z.object({
  operation: z.string(),
  upstreamCalls: z.number(),
  billableRequests: z.number(),
  cacheHits: z.number(),
  stale: z.number(),
  errors: z.number(),
});
export const Usage = z.object({
  today: z.array(UsageRow),
  total: z.array(UsageRow),
  embeddedService: z.looseObject({}).optional().describe("In embedded mode: what the service itself counted"),
});
export const Settings = z.object({
  orgMaxLtv: z.number().describe("Maximum combined loan-to-value, 0–1 (ORG_MAX_LTV until an admin sets it)"),
  orgCurrentRate: z.number().describe("Current note rate in percent (ORG_CURRENT_RATE until an admin sets it)"),
  opportunityHelocMin: z
    .number()
    .describe("Least available equity in dollars for a home equity line (OPPORTUNITY_HELOC_MIN until set)"),
  opportunityCashOutMin: z
    .number()
    .describe("Least available equity in dollars for a cash-out refinance (OPPORTUNITY_CASH_OUT_MIN until set)"),
});
const LoanFigures = z.object({
  paidOff: z.boolean().optional(),
  balance: z.number().optional(),
  ratePercent: z.number().optional(),
});
export const YourFigures = z.object({
  figures: z.object({
    condition: z.enum(["poor", "good", "excellent"]).nullable(),
    loans: z.record(z.string(), LoanFigures).describe("By the loan's ID (its position when it has none)"),
    updatedAt: z.string().nullable(),
  }),
  equity: EquityDto.describe("Equity from the service's value and your figures (the service's own when you have none)"),
});
export const Sites = z.object({
  sites: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      siteKey: z.string(),
      allowedOrigins: z.array(z.string()),
      dailyBudget: z.number(),
      officerId: z.number().nullable().describe("The loan officer its visitors' and members' leads go to"),
      createdAt: z.string(),
    }),
  ),
});
export const SiteCreated = z.object({ siteKey: z.string(), siteSecret: z.string().describe("Shown this once") });
export const Health = z.object({
  status: z
    .enum(["ok", "degraded", "unavailable", "draining"])
    .describe(
      '"degraded": ready, but the property data service does not answer (stale answers and clear messages); "unavailable": not ready (start-up, database or cache); "draining": the process is stopping (SIGTERM) and takes no new work',
    ),
  checks: z
    .object({ startup: z.string(), database: z.string(), cache: z.string(), upstream: z.string() })
    .optional()
    .describe('With ?deep: each check\'s "ok" or what failed (startup: what the start-up waits for)'),
});

/**
 * What a call that reaches the Property Data Service can end in: not found, the caller's allowance spent, the service
 * failing.
 */
export const UPSTREAM_ERRORS = [404, 429, 502, 503, 504] as const;
/** The same for normalization, which finds no address missing: it says so in its answer. */
export const NORMALIZE_ERRORS = [429, 502, 503, 504] as const;

const OpportunityDto = z.object({
  id: z.number(),
  clientId: z.number(),
  kind: z.string(),
  label: z
    .string()
    .describe('What the tag says: the kind, or for mortgage insurance the rule ("ask the client" when it cannot tell)'),
  short: z.string().describe('The tag in a word or two ("HELOC", "PMI: cancel")'),
  reason: z.string(),
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  amount: z.number(),
  worth: z.number().describe("What it is worth to the client, in dollars a year: their best action is worth the most"),
  best: z.boolean().describe("The client's one best action (at most one per client)"),
  status: z.string(),
  openedAt: z.string().describe("The refresh where it first applied (or applied again after a dismissal)"),
  dismissReason: z.string().nullable(),
  updatedAt: z.string(),
});
const ClientDto = z.object({
  id: z.number(),
  officerId: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('The client\'s phone, E.164 ("+15125550142")'),
  address: z.string(),
  loanBalance: z.number().nullable(),
  noteRate: z.number().nullable(),
  loanType: z.string().nullable(),
  closingDate: z.string().nullable(),
  invitation: z.enum(["none", "pending", "accepted", "expired"]),
  value: z.number().nullable(),
  balance: z.number().nullable(),
  ltv: z.number().nullable(),
  availableEquity: z.number().nullable(),
  refreshedAt: z.string().nullable(),
  originalLoanAmount: z.number().nullable(),
  originalValue: z.number().nullable(),
  mortgageInsurance: z.boolean().nullable(),
  opportunities: z
    .array(
      OpportunityDto.extend({
        new: z.boolean().describe("It first applied with the client's latest refresh"),
      }),
    )
    .describe("The client's live opportunities (open, contacted or dismissed), the most money first"),
});
export const Clients = z.object({
  clients: z.array(ClientDto),
  total: z.number().describe("Clients matching the search in all"),
  page: z.number(),
  size: z.number(),
  pages: z.number().describe("Pages of this size (at least 1)"),
});
export const ClientAdded = z.object({
  id: z.number(),
  merged: z.boolean().describe("true when the same person at the same address was already a client"),
});
export const ClientImport = z.object({
  created: z.number(),
  merged: z
    .number()
    .describe("Rows that updated a client already there (the same person at the same standardized address)"),
  errors: z.array(
    z.object({
      line: z.number(),
      input: z.string(),
      field: z.string().describe("Every wrong field of the row, comma-separated"),
      error: z.string().describe("Each wrong field's reason, separated by semicolons"),
    }),
  ),
  unknownColumns: z.array(z.string()),
  refreshing: z
    .number()
    .describe("Clients never refreshed whose first refresh is queued now (the rest wait for the month's budget)"),
});
export const ClientRefreshed = z.object({
  id: z.number(),
  value: z.number(),
  balance: z.number(),
  ltv: z.number(),
  availableEquity: z.number(),
  opportunities: z.array(z.string()),
});
export const ClientsRefreshed = z.object({
  refreshed: z.number(),
  failed: z.array(z.object({ id: z.number(), name: z.string(), error: z.string() })),
  stopped: z.string().nullable().describe("Why the run stopped early (the allowance of calls spent), if it did"),
  limit: z.number(),
});
export const Opportunities = z.object({
  opportunities: z.array(OpportunityDto.extend({ client: z.string(), address: z.string() })),
});
export const OpportunityStatus = z.object({ id: z.number(), status: z.string(), dismissReason: z.string().nullable() });

const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const Security = z.object({
  secondFactor: z
    .enum(["given", "pending", "enrol", "none"])
    .describe("given; pending: give the account's factor; enrol: staff must set one up; none"),
  required: z.boolean().describe("Whether the role requires a second factor (staff)"),
  totp: z.boolean().describe("An authenticator app is set up"),
  passkeys: z.array(Passkey),
  recoveryCodesLeft: z.number(),
  stepUpUntil: z
    .string()
    .nullable()
    .describe("Until when sensitive actions go ahead without asking for a factor again"),
  emailVerified: z.boolean().describe("The account proved it holds its email (a homeowner adds a factor only then)"),
});
export const EmailVerification = z.object({ sent: z.boolean().describe("false when the email is already proved") });
export const EmailVerified = z.object({ verified: z.literal(true) });
export const Reauthenticated = z.object({ reauthenticated: z.literal(true) });
export const TotpSetup = z.object({
  secret: z.string().describe("base32, for typing"),
  uri: z.string(),
  qrSvg: z.string(),
});
export const FactorAdded = z.object({
  recoveryCodes: z.array(z.string()).optional().describe("Shown this once: made with the account's first factor"),
});
export const PasskeyAdded = FactorAdded.extend({ id: z.string() });
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const SecondFactorGiven = z.object({ kind: z.enum(["totp", "recovery", "passkey"]) });
export const WebAuthnOptions = z
  .looseObject({ challenge: z.string() })
  .describe("PublicKeyCredential options as JSON (@simplewebauthn)");

const AuditEvent = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  description: z.string().describe("What the action is, in words"),
  outcome: z.enum(["allowed", "refused", "failed"]),
  actor: z.object({
    ref: z
      .string()
      .nullable()
      .describe("The person's pseudonym: the same in every row, and after their account is deleted"),
    email: z.string().nullable().describe("null once their account is deleted"),
    role: z.string().nullable(),
    partnerSiteId: z.number().nullable(),
  }),
  subjectRef: z.string().nullable().describe("The account the action was about, by pseudonym"),
  ownerId: z.string().nullable(),
  propertyId: z.string().nullable(),
  address: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export const AuditPage = z.object({
  events: z.array(AuditEvent).describe("Newest first"),
  nextBefore: z.number().nullable().describe("`before` for the next (older) page; null on the last"),
});
export const AuditChainCheck = z.object({
  ok: z.boolean(),
  events: z.number().describe("Rows checked, from the oldest kept"),
  firstBadId: z.number().nullable().describe("The first row whose content or link does not match"),
  problems: z
    .array(z.object({ kind: z.string(), id: z.number() }))
    .describe(
      "Everything found wrong: rows altered, unlinked, unkeyed or blanked without an erasure; rows missing at the start (not by retention) or at the end (against the latest checkpoint kept outside the database); rows set aside because the database refused them (dead_letter)",
    ),
});

const AccessEntry = z.object({
  at: z.string(),
  action: z.string(),
  description: z.string().describe("What they looked at"),
  address: z.string().nullable(),
  by: z.object({
    email: z
      .string()
      .nullable()
      .describe("The officer's or admin's email; null for a partner's read or a deleted account"),
    name: z.string().nullable(),
    role: z.string().nullable().describe("Their role in the organization"),
    partnerSite: z.string().nullable().describe("The partner's site the read came through"),
  }),
});
export const AccessLog = z.object({
  entries: z.array(AccessEntry).describe("Reads of the account's proved homes by anyone else, newest first"),
});

const At = z.string().describe("ISO 8601");
export const AccountExport = z.object({
  exportedAt: At,
  account: z.object({
    id: z.number(),
    email: z.string(),
    role: z.string(),
    name: z.string().nullable(),
    createdAt: At,
    lastSignInAt: At,
    disposalWarningSentAt: At.nullable(),
    partnerSite: z.string().nullable(),
    signsInWithOrganization: z.boolean(),
  }),
  homes: z.object({
    proved: z.array(
      z.object({
        proof: z.string().describe("invitation, partner, mail or demo"),
        provedAt: At,
        homes: z
          .array(z.object({ propertyId: z.number(), address: z.string() }))
          .nullable()
          .describe("null when the service could not be read"),
      }),
    ),
    claimed: z.array(
      z.object({
        address: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        deedMatchScore: z.number(),
        claimedAt: At,
      }),
    ),
    letters: z.array(
      z.object({ addressKey: z.string(), sentAt: At, expiresAt: At, usedAt: At.nullable(), triesMade: z.number() }),
    ),
    invitationsAccepted: z.array(
      z.object({ address: z.string(), invitedBy: z.string().nullable(), sentAt: At, acceptedAt: At.nullable() }),
    ),
  }),
  figures: z.array(
    z.object({
      addressKey: z.string(),
      condition: z.string().nullable(),
      loanFigures: z.record(
        z.string(),
        z.object({
          paidOff: z.boolean().optional(),
          balance: z.number().optional(),
          ratePercent: z.number().optional(),
        }),
      ),
      updatedAt: At,
    }),
  ),
  mail: z.object({
    choices: z.object({ monthlyDigest: z.boolean(), dailySummary: z.boolean() }),
    recurringSent: z.array(z.object({ kind: z.string(), period: z.string(), sentAt: At })),
    messages: z.array(
      z.object({
        subject: z.string(),
        text: z.string().describe("Links and codes blanked"),
        delivery: z.string(),
        sentAt: At,
      }),
    ),
  }),
  signIn: z.object({
    sessions: z.array(z.object({ startedAt: At, endsAt: At, secondFactorAt: At.nullable(), thisOne: z.boolean() })),
    passkeys: z.array(z.object({ name: z.string(), addedAt: z.string(), lastUsedAt: z.string().nullable() })),
    authenticatorApp: z.boolean(),
    recoveryCodesLeft: z.number(),
  }),
  /** The homeowner's loan officer and where the assignment came from (issue 39); null for staff or with none. */
  loanOfficer: z
    .object({
      name: z.string(),
      email: z.string(),
      nmlsId: z.string().nullable(),
      source: z.enum(["assigned", "invitation", "portfolio", "partner", "default"]),
    })
    .nullable(),
  /** What the homeowner asked their officer (questions, calls, quotes) and where each stands. */
  leads: z.array(HomeownerLead),
  dashboardEvents: z.array(z.object({ kind: z.string(), at: At })),
  accessLog: AccessLog.shape.entries,
  activity: z
    .array(
      z.object({
        at: At,
        action: z.string(),
        description: z.string(),
        outcome: z.string(),
        address: z.string().nullable(),
        ip: z.string().nullable(),
      }),
    )
    .describe("The account's own entries in the activity log, newest first"),
});
export const Deleted = z.object({ deleted: z.literal(true) });

export const WidgetLeadChallenge = z.object({
  challenge: z.string(),
  bits: z.number().int().describe("Leading zero bits SHA-256(`challenge:solution`) must start with"),
  expiresInSeconds: z.number().int(),
  minSeconds: z.number().int().describe("The lead may be sent no sooner than this after the challenge was given"),
});
export const WidgetLeadAccepted = z.object({ accepted: z.literal(true) });
export const WidgetOriginAnswer = z.object({
  allowed: z.boolean().describe("The calling page's origin is one the site lists"),
});
