export const ROLES = ["homeowner", "loan_officer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  /** The service's owner token, once a homeowner has created their owner record. */
  ownerId: string | null;
  name: string | null;
}

export const ROLE_LABELS: Record<Role, string> = { homeowner: "Homeowner", loan_officer: "Loan officer", admin: "Admin" };
