export const ROLES = ["homeowner", "loan_officer", "admin"] as const;
export type Role = (typeof ROLES)[number];
/** Loan officers and admins: they may look up any address. */
export const STAFF = ["loan_officer", "admin"] as const satisfies readonly Role[];

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  /**
   * The service's owner tokens the homeowner proved are theirs (an invitation, a partner's token or a mailed code),
   * oldest first; never one merely claimed. Empty until the first proof.
   */
  ownerIds: string[];
  name: string | null;
  /** The language the account chose (lib/i18n): its pages and its mail. Absent: none chosen, the browser's is used. */
  locale?: "en" | "es";
  /** The live session the request came with. */
  sessionId?: string;
  /**
   * The session's second factor: `given` in it (sign-in, enrolment or step-up: `secondFactorAt`), `pending` (the
   * account has a factor and the session has not given it yet: it may only finish signing in), `enrol` (staff with no
   * factor yet: it may only set one up), `none` (a homeowner who turned none on).
   */
  secondFactor?: SecondFactorState;
  /** When the session last gave a second factor (ms since the epoch), for actions that ask for a recent one. */
  secondFactorAt?: number;
  /**
   * When the session last proved the account (its sign-in, or the password given again; ms since the epoch): adding a
   * factor asks for a recent one.
   */
  provedAt?: number;
}

export type SecondFactorState = "given" | "pending" | "enrol" | "none";

export const isStaff = (role: Role) => (STAFF as readonly Role[]).includes(role);

/**
 * What a session may do given its account's factors and what it gave (see SessionUser.secondFactor). A session that
 * started waiting for the factor (`held`) stays `pending` until it gives one, even once the account has none left.
 */
export function secondFactorState(
  role: Role,
  hasFactor: boolean,
  secondFactorAt: Date | number | null | undefined,
  held = false,
): SecondFactorState {
  if (held && !secondFactorAt) return "pending";
  // Staff with no factor of their own may have given their identity provider's (single sign-on, when trusted).
  if (!hasFactor) return isStaff(role) && !secondFactorAt ? "enrol" : secondFactorAt ? "given" : "none";
  return secondFactorAt ? "given" : "pending";
}

export const ROLE_LABELS: Record<Role, string> = {
  homeowner: "Homeowner",
  loan_officer: "Loan officer",
  admin: "Admin",
};
