import "server-only";
import { standardize } from "@/lib/address";
import type { SessionUser } from "@/lib/auth/roles";
import type { EquityDto, OwnedProperty, PropertyFacts } from "./dto";
import { isUnavailable } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { verificationStates, type VerificationState } from "./ownership";
import { ownerProperties, propertyFacts } from "./properties";
import { orgMaxLtv } from "@/lib/services/platform/settings";

export interface OwnerDataDto {
  properties: OwnedProperty[];
  stale: boolean;
}

/**
 * The dashboard's data for the owner records an account proved: every property of each, with its facts and equity at
 * the organization's LTV, each home once (two records of one person may both list it).
 */
export async function ownerData(caller: Caller, ownerIds: readonly string[]): Promise<OwnerDataDto> {
  const maxLtv = await orgMaxLtv();
  const seen = new Set<string>();
  const result: OwnerDataDto = { properties: [], stale: false };
  for (const ownerId of ownerIds) {
    const data = await ownerProperties(caller, ownerId, maxLtv);
    result.stale ||= data.stale;
    for (const property of data.properties) {
      const key = standardize(property.facts.address).key;
      if (seen.has(key)) continue;
      seen.add(key);
      result.properties.push(property);
    }
  }
  return result;
}

/** The standardized keys of the addresses of the owner records an account proved, for access checks. */
export async function ownedAddressKeys(caller: Caller, ownerIds: readonly string[]): Promise<Set<string>> {
  return ownedKeysOf(await ownerData(caller, ownerIds));
}

export function ownedKeysOf(data: { properties: { facts: PropertyFacts; verified?: boolean }[] }): Set<string> {
  return new Set(data.properties.filter((p) => p.verified !== false).map((p) => standardize(p.facts.address).key));
}

/** A home the account claimed and has not proved yet: its public side and what is left to do. */
export interface ClaimedProperty {
  propertyId: number;
  facts: PropertyFacts;
  verified: false;
  verification: VerificationState;
}

export type ProvedProperty = OwnedProperty & { verified: true };

/**
 * What a homeowner's account may see: every home it proved (with equity) and the public side of every home it
 * claimed and has not proved yet, each with its verification state. `verified` says whether any home is proved;
 * `verification` is the first waiting claim's state (kept for clients of one home).
 */
export interface HomeownerView {
  verified: boolean;
  properties: (ProvedProperty | ClaimedProperty)[];
  claims: VerificationState[];
  verification: VerificationState | null;
  stale: boolean;
}

export async function homeownerView(caller: Caller & { user: SessionUser }): Promise<HomeownerView> {
  // Both at once: under load each wait is a turn of a busy event loop.
  const [proved, read] = await Promise.all([
    caller.user.ownerIds.length ? ownerData(caller, caller.user.ownerIds) : { properties: [], stale: false },
    verificationStates(caller.user.id).then(
      (states) => ({ states }),
      (error: unknown) => ({ error }),
    ),
  ]);
  const owned = ownedKeysOf(proved);
  // A claim on a home another proved record already shows is nothing left to do. While the database is away, an
  // account with proved homes still sees them (from the cache), without its claims, marked stale.
  let stale = proved.stale;
  let states: VerificationState[] = [];
  if ("states" in read) states = read.states;
  else if (isUnavailable(read.error) && proved.properties.length > 0) stale = true;
  else throw read.error;
  const claims = states.filter((c) => !owned.has(c.addressKey));
  const claimed: ClaimedProperty[] = [];
  for (const verification of claims) {
    const facts = await propertyFacts(caller, verification.address);
    stale ||= !!facts.stale;
    claimed.push({ propertyId: facts.id ?? 0, facts, verified: false, verification });
  }
  return {
    verified: proved.properties.length > 0 || caller.user.ownerIds.length > 0,
    properties: [...proved.properties.map((p) => ({ ...p, verified: true as const })), ...claimed],
    claims,
    verification: claims[0] ?? null,
    stale,
  };
}

/** A home's equity, when the account has proved it owns it. */
export function equityOf(property: OwnedProperty | ClaimedProperty | ProvedProperty): EquityDto | undefined {
  return "equity" in property ? property.equity : undefined;
}
