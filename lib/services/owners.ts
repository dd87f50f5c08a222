import "server-only";
import { standardize } from "@/lib/address";
import type { SessionUser } from "@/lib/auth/roles";
import type { EquityDto, OwnedProperty, PropertyFacts } from "./dto";
import type { Caller } from "./gateway";
import { verificationState, type VerificationState } from "./ownership";
import { ownerProperties, propertyFacts } from "./properties";
import { orgMaxLtv } from "./settings";

export interface OwnerDataDto {
  properties: OwnedProperty[];
  stale: boolean;
}

/** The dashboard's data for a proved owner record: every property with its facts and equity at the organization's LTV. */
export async function ownerData(caller: Caller, ownerId: string): Promise<OwnerDataDto> {
  return ownerProperties(caller, ownerId, await orgMaxLtv());
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
