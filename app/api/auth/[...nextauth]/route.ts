import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { onSignInEvent } from "@/lib/auth/sign-in-events";
import { audit } from "@/lib/services/audit";

// Every sign-in, refusal and sign-out goes to the activity log (written after the answer, like the meter).
onSignInEvent(({ user, ...event }) => void audit({ ...event, actor: user ?? null }));

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
