import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { onSignInEvent } from "@/lib/auth/sign-in-events";
import { audit } from "@/lib/services/audit/log";
import { mailFactorLocked } from "@/lib/services/identity/security";

// Every sign-in, refusal and sign-out goes to the activity log (written after the answer, like the meter).
// A code that locked the account's codes (the hundredth wrong one in a row) is also mailed to the owner.
onSignInEvent(({ user, ...event }) => {
  void audit({ ...event, actor: user ?? null });
  if (user && event.detail.lockedNow === true) void mailFactorLocked(user);
});

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
