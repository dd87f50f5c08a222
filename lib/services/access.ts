import "server-only";
import { STAFF, type Role, type SessionUser } from "@/lib/auth/roles";
import { forbidden, unauthorized } from "./errors";
import type { Caller } from "./gateway";
import { ownedAddressKeys } from "./owners";
import { claimsOf } from "./ownership";

export function requireRole(user: SessionUser | undefined, roles: readonly Role[]): SessionUser {
  if (!user) throw unauthorized();
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Loan officers and admins may look up any address. A homeowner may read the properties of the owner records they
 * proved are theirs; before proof, only the public facts and estimate of each home they claimed. Someone else's
 * property is a 403, whether or not it exists.
 */
export async function assertMayRead(caller: Caller & { user: SessionUser }, key: string, scope: "public" | "private"): Promise<void> {
  const { user } = caller;
  if ((STAFF as readonly Role[]).includes(user.role)) return;
  if (user.role !== "homeowner") throw forbidden();
  if (user.ownerIds.length) {
    const owned = caller.ownedKeys ?? (await ownedAddressKeys(caller, user.ownerIds));
    if (owned.has(key)) return;
  }
  // Not a proved home: at most the public side of one the account claimed.
  const claims = await claimsOf(user.id);
  if (!claims.length && !user.ownerIds.length) throw forbidden("Add your home first to see it.");
  if (!claims.some((claim) => claim.addressKey === key)) throw forbidden("This property is not one of yours.");
  if (scope === "private") throw forbidden("Prove you own this home to see its loans, equity and report: ask for a code by mail on your dashboard.");
}
