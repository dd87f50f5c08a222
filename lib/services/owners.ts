import "server-only";
import { standardize } from "@/lib/address";
import type { SessionUser } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { toEquity, toPropertyFacts, type EquityDto, type PropertyFacts } from "./dto";
import { cachedCall, type Caller } from "./gateway";
import { verificationState, type VerificationState } from "./ownership";
import { propertyFacts } from "./properties";
import { orgMaxLtv } from "./settings";
import { upstream } from "./upstream";

export interface OwnedProperty {
  propertyId: number;
  facts: PropertyFacts;
  equity: EquityDto;
}

export interface OwnerDataDto {
  properties: OwnedProperty[];
  stale: boolean;
}

/** The dashboard's data for a proved owner record: every property with its facts and equity (the owner id stays here). */
export async function ownerData(caller: Caller, ownerId: string): Promise<OwnerDataDto> {
  const answer = await cachedCall(caller, {
    operation: "retrieveOwnerData",
    key: `owner:${ownerId}`,
    ttlSeconds: env.CACHE_TTL_OWNER_DATA,
    fetch: () => upstream().client.retrieveOwnerData(ownerId),
  });
  const maxLtv = await orgMaxLtv();
  return {
    stale: answer.stale,
    properties: answer.value.properties.map((p) => ({
      propertyId: p.propertySummary.identifier.propertyId ?? p.propertySummary.identifier.Id ?? 0,
      facts: toPropertyFacts(p.propertySummary),
      equity: toEquity(p, maxLtv),
    })),
  };
}

/** The standardized keys of the addresses an owner owns, for access checks. */
export async function ownedAddressKeys(caller: Caller, ownerId: string): Promise<Set<string>> {
  return ownedKeysOf(await ownerData(caller, ownerId));
}

export function ownedKeysOf(data: OwnerDataDto): Set<string> {
  return new Set(data.properties.map((p) => standardize(p.facts.address).key));
}

export interface ClaimedProperty {
  propertyId: number;
  facts: PropertyFacts;
}

/** What a homeowner's account may see: nothing yet, the public side of a claimed home, or everything once proved. */
export type HomeownerView =
  | { verified: false; properties: []; verification: null; stale: false }
  | { verified: false; properties: [ClaimedProperty]; verification: VerificationState; stale: boolean }
  | ({ verified: true; verification: null } & OwnerDataDto);

export async function homeownerView(caller: Caller & { user: SessionUser }): Promise<HomeownerView> {
  if (caller.user.ownerId) return { verified: true, verification: null, ...(await ownerData(caller, caller.user.ownerId)) };
  const verification = await verificationState(caller.user.id);
  if (!verification) return { verified: false, properties: [], verification: null, stale: false };
  const facts = await propertyFacts(caller, verification.address);
  return { verified: false, properties: [{ propertyId: facts.id ?? 0, facts }], verification, stale: !!facts.stale };
}

/** A home's equity, when the account has proved it owns it. */
export function equityOf(property: OwnedProperty | ClaimedProperty): EquityDto | undefined {
  return "equity" in property ? (property as OwnedProperty).equity : undefined;
}
