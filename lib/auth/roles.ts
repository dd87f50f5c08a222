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
  /** The live session the request came with. */
  sessionId?: string;
}

export const ROLE_LABELS: Record<Role, string> = { homeowner: "Homeowner", loan_officer: "Loan officer", admin: "Admin" };
