import "server-only";
import { createUser, EmailTakenError, findUserByEmail, linkVerifiedOwner } from "@/lib/auth/users";
import type { Role } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { embedded, env } from "@/lib/env";
import { isRetryable, PropertyApiError } from "@/lib/property-api";
import { upstream } from "./upstream";

/** Demo accounts of embedded mode; the homeowner owns two homes in the data set. Never created with a real upstream. */
export const DEMO_ACCOUNTS = [
  { email: "homeowner@example.com", password: "homeowner-demo", role: "homeowner" },
  { email: "officer@example.com", password: "officer-demo", role: "loan_officer" },
  { email: "admin@example.com", password: "admin-demo", role: "admin" },
] as const satisfies readonly { email: string; password: string; role: Role }[];

export const DEMO_OWNER = { firstName: "Matthew", lastName: "Sanchez", address: "3901 Wallingford Ave N, Seattle, WA 98103" };

async function ensureUser(email: string, password: string, role: Role) {
  const existing = await findUserByEmail(email);
  if (existing) return existing;
  try {
    await createUser({ email, password, role });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
  return (await findUserByEmail(email))!;
}

/** Brings a fresh install to life: migrations, the bootstrap admin, and in embedded mode the demo accounts. */
export async function bootstrap(): Promise<void> {
  await getDatabase();
  if (env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD) await ensureUser(env.BOOTSTRAP_ADMIN_EMAIL, env.BOOTSTRAP_ADMIN_PASSWORD, "admin");
  if (!embedded) return;
  // Every account first: the owner record below needs the service, which may be failing (SANDBOX_FAULTS).
  const users = [];
  for (const account of DEMO_ACCOUNTS) users.push(await ensureUser(account.email, account.password, account.role));
  const homeowner = users.find((user) => user.role === "homeowner")!;
  if (!homeowner.ownerId) await linkDemoOwner(homeowner.id);
}

/**
 * Creates the demo homeowner's owner record, asking again on a transient failure (the same person and address always
 * give the same owner, so asking twice creates nothing twice).
 */
async function linkDemoOwner(userId: number, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { ownerID } = await upstream().client.createOwner(DEMO_OWNER);
      // The demo homeowner is the one account proved by fiat: the data set is ours.
      await linkVerifiedOwner(userId, ownerID, "demo", `${DEMO_OWNER.firstName} ${DEMO_OWNER.lastName}`);
      return;
    } catch (error) {
      if (attempt >= attempts || !PropertyApiError.is(error) || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
