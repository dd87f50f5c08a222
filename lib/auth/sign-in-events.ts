import { countSignInFailure } from "@/lib/observability/metrics";
import type { Role } from "./roles";

/** A sign-in attempt's end, for the activity log: who (when the account is known), how, and why it was refused. */
export interface SignInEvent {
  action: "signin" | "signin.second_factor" | "signout";
  outcome: "allowed" | "refused";
  /** The account, once known (a right password, a passkey, a single sign-on). */
  user?: { id: number; email: string; role: Role | string };
  /** The email tried, when no account is known. */
  email?: string;
  ip?: string;
  detail: Record<string, string | number | boolean | null>;
}

type Listener = (event: SignInEvent) => void;
const globalForEvents = globalThis as unknown as { signInListener?: Listener };

/**
 * The sign-in code reports here and the activity log listens (app/api/auth/[...nextauth]/route.ts registers it): the
 * log lives a floor above lib/auth, which must not import it.
 */
export function onSignInEvent(listener: Listener): void {
  globalForEvents.signInListener = listener;
}

export function reportSignIn(event: SignInEvent): void {
  try {
    if (event.outcome === "refused") {
      const method =
        typeof event.detail.method === "string"
          ? event.detail.method
          : event.action === "signin.second_factor"
            ? "code"
            : "unknown";
      countSignInFailure(event.action, method, event.detail.reason);
    }
    globalForEvents.signInListener?.(event);
  } catch {
    // Reporting never fails a sign-in.
  }
}
