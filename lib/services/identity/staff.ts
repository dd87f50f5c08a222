import "server-only";
import { asc, inArray } from "drizzle-orm";
import { hasFactorColumn } from "@/lib/auth/factors";
import { STAFF, type Role } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { users } from "@/lib/db/schema";

export interface StaffMember {
  id: number;
  email: string;
  role: Role;
  /** A passkey or an authenticator app of their own (without one they set one up at their next sign-in). */
  hasSecondFactor: boolean;
  /** Signs in through the organization's identity provider. */
  singleSignOn: boolean;
}

/** The loan officers and admins, admins first, for the admin page. */
export async function listStaff(): Promise<StaffMember[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      hasSecondFactor: hasFactorColumn,
      oidcSubject: users.oidcSubject,
    })
    .from(users)
    .where(inArray(users.role, [...STAFF]))
    .orderBy(asc(users.role), asc(users.email));
  return rows.map(({ oidcSubject, hasSecondFactor, ...row }) => ({
    ...row,
    hasSecondFactor: hasSecondFactor === true,
    singleSignOn: !!oidcSubject,
  }));
}
