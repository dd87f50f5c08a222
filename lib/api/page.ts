import "server-only";
import type { Route } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";
import type { UnfinishedSignIn } from "@/lib/services/access";
import { AppError, isUnavailable } from "@/lib/services/errors";
import { visitorIp, type Caller } from "@/lib/services/platform/gateway";
import { holdPendingWrites } from "./pending-writes";

/**
 * The signed-in user of a page, if any. When the database cannot be reached the page fails with an error the error
 * page recognises (its digest), so the visitor reads that we are down, not that something unknown broke.
 */
export async function pageUser(): Promise<SessionUser | undefined> {
  try {
    return await currentUser();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    throw Object.assign(new Error("The database is not answering.", { cause: error }), { digest: UNAVAILABLE_DIGEST });
  }
}

/** Where a session that has not finished signing in is sent: to give its second factor, or to set one up. */
export const SECOND_FACTOR_PAGE = "/verify";
export const ENROLMENT_PAGE = "/account/security";

/**
 * The signed-in user of a page with one of the roles, or off to sign in (or home, for the wrong role). A session that
 * has not given its account's second factor goes to give it, staff without one to set one up, unless the page
 * serves them (`unfinished`).
 */
export async function requirePageUser(
  roles: readonly Role[],
  path: string,
  unfinished: readonly UnfinishedSignIn[] = [],
): Promise<Caller & { user: SessionUser }> {
  const user = await pageUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  if (user.secondFactor === "pending" && !unfinished.includes("pending"))
    redirect(`${SECOND_FACTOR_PAGE}?callbackUrl=${encodeURIComponent(path)}` as Route);
  if (user.secondFactor === "enrol" && !unfinished.includes("enrol")) redirect(ENROLMENT_PAGE as Route);
  if (!roles.includes(user.role)) notFound();
  return pageCaller(user);
}

/** A page's user only when their sign-in is finished (the partner's embedded pages, which have no sign-in steps). */
export async function finishedPageUser(): Promise<SessionUser | undefined> {
  const user = await pageUser();
  return user?.secondFactor === "pending" || user?.secondFactor === "enrol" ? undefined : user;
}

// Once per request however many layouts and pages of it ask for their caller (React's cache; a server action, outside
// a render, registers its own).
const holdPageWrites = cache(holdPendingWrites);

/** Who a page's calls are for: the user, if any, and the visitor's address for the per-IP limit. */
export async function pageCaller<U extends SessionUser | undefined>(user: U): Promise<Caller & { user: U }> {
  // The page's free answers are metered after it is sent; a stopping server waits for what `after` was handed.
  holdPageWrites();
  return { user, ip: visitorIp(await headers()) };
}

/** What a staff page's read answers when it needs a recent second factor first: the page shows StepUpToRead. */
export const STEP_UP_FIRST = "step-up-first";

/**
 * A staff page's read of customer records (one that calls recordStaffRead), or STEP_UP_FIRST when the read needs a
 * second factor given again (past the session's allowance): its refusal is already a row of the log, and the page
 * shows the prompt (components/auth/step-up-to-read) instead of the records.
 */
export async function readOrStepUp<T>(read: Promise<T>): Promise<T | typeof STEP_UP_FIRST> {
  try {
    return await read;
  } catch (error) {
    if (AppError.is(error) && error.code === "step_up_required") return STEP_UP_FIRST;
    throw error;
  }
}
