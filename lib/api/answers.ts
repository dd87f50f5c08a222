import { z } from "zod";
import { AddressCheckDto, EquityDto, NormalizedAddressDto, PropertyFacts, ValuationDto, VerificationDto } from "@/lib/services/dto";

/** What the app's API answers on success, route by route: the OpenAPI document is generated from these. */

export { AddressCheckDto, EquityDto, PropertyFacts, ValuationDto, VerificationDto };

export const Addresses = z.object({ addresses: z.array(NormalizedAddressDto) });
export const WidgetValuation = ValuationDto.extend({ address: z.string().describe("The address the estimate is for, as the service standardized it") });

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
      verified: z.boolean().describe("proved: equity is given; not yet: the home's public facts only, and its verification"),
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
export const Settings = z.object({ orgMaxLtv: z.number() });
export const Sites = z.object({
  sites: z.array(
    z.object({ id: z.number(), name: z.string(), siteKey: z.string(), allowedOrigins: z.array(z.string()), dailyBudget: z.number(), createdAt: z.string() }),
  ),
});
export const SiteCreated = z.object({ siteKey: z.string(), siteSecret: z.string().describe("Shown this once") });
export const Health = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.object({ database: z.string(), cache: z.string(), upstream: z.string() }).optional().describe('With ?deep: each check\'s "ok" or what failed'),
});

/** What a call that reaches the Property Data Service can end in: not found, the caller's allowance spent, the service failing. */
export const UPSTREAM_ERRORS = [404, 429, 502, 503, 504] as const;
/** The same for normalization, which finds no address missing: it says so in its answer. */
export const NORMALIZE_ERRORS = [429, 502, 503, 504] as const;
