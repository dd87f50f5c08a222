import "server-only";
import { standardize } from "@/lib/address";
import { linkOwner } from "@/lib/auth/users";
import type { SessionUser } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { toEquity, toPropertyFacts, type EquityDto, type PropertyFacts } from "./dto";
import { cachedCall, type Caller } from "./gateway";
import { orgMaxLtv } from "./settings";
import { upstream } from "./upstream";

export interface OwnedProperty {
  propertyId: number;
  facts: PropertyFacts;
  equity: EquityDto;
}

export interface OwnerDataDto {
  ownerId: string;
  properties: OwnedProperty[];
  stale: boolean;
}

/** The dashboard's data for an owner record: every property with its facts and equity. */
export async function ownerData(caller: Caller, ownerId: string): Promise<OwnerDataDto> {
  const answer = await cachedCall(caller, {
    operation: "retrieveOwnerData",
    key: `owner:${ownerId}`,
    ttlSeconds: env.CACHE_TTL_OWNER_DATA,
    fetch: () => upstream().client.retrieveOwnerData(ownerId),
  });
  const maxLtv = await orgMaxLtv();
  return {
    ownerId,
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

/**
 * Creates the homeowner's owner record and links it to their account, once: a second call returns the owner already
 * linked without calling the service again.
 */
export async function createOwnerFor(caller: Caller & { user: SessionUser }, input: { firstName: string; lastName: string; address: string }) {
  if (caller.user.ownerId) return { ownerId: caller.user.ownerId, created: false };
  const { key } = standardize(input.address);
  const answer = await cachedCall(caller, {
    operation: "createOwner",
    key: `${key}|${input.firstName.trim().toUpperCase()}|${input.lastName.trim().toUpperCase()}`,
    label: key,
    ttlSeconds: 60,
    idempotent: false,
    fetch: () => upstream().client.createOwner(input),
  });
  const ownerId = await linkOwner(caller.user.id, answer.value.ownerID, `${input.firstName.trim()} ${input.lastName.trim()}`);
  return { ownerId, created: ownerId === answer.value.ownerID };
}

