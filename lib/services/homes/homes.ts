import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { orAppError } from "@/lib/services/errors";
import { figuresOf, withFigures } from "./figures";
import type { Caller } from "@/lib/services/platform/gateway";
import { valuation } from "@/lib/services/lookups/lookups";
import { equityOf, homeownerView, ownedKeysOf } from "./owners";
import { offers } from "@/lib/services/platform/settings";

/**
 * One of the account's homes as its page shows it: the home (public facts, and equity once proved), the verification
 * state while unproved, and the estimate, which is its own call so that its failure leaves the rest of the page.
 * Undefined when the account has no such home: someone else's home looks exactly like one that does not exist.
 */
export async function homeownerProperty(caller: Caller & { user: SessionUser }, propertyId: string) {
  const view = await homeownerView(caller);
  const property = view.properties.find((p) => String(p.propertyId) === propertyId);
  if (!property) return undefined;
  const estimate = await orAppError(
    valuation(view.verified ? { ...caller, ownedKeys: ownedKeysOf(view) } : caller, property.facts.address),
  );
  const equity = equityOf(property);
  // Proved owners only: their own figures, the equity from them, and the loans the organization offers.
  const yours = equity && {
    ...withFigures(equity, await figuresOf(caller.user.id, property.facts.address)),
    offers: await offers(),
  };
  return { property, equity, verification: property.verified ? null : property.verification, estimate, yours };
}

export type HomeownerProperty = NonNullable<Awaited<ReturnType<typeof homeownerProperty>>>;
