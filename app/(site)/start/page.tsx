import type { Route } from "next";
import { redirect } from "next/navigation";
import { claimsOf } from "@/lib/services/homes/ownership";
import { requirePageUser } from "@/lib/api/page";

/** Where signing in lands: each role's own page. */
export default async function StartPage() {
  const { user } = await requirePageUser(["homeowner", "loan_officer", "admin"], "/start");
  if (user.role === "homeowner")
    redirect(user.ownerIds.length || (await claimsOf(user.id)).length ? "/dashboard" : "/onboarding");
  // An officer starts on the day's leads, alerts and most valuable calls (/lookup is one tap from it); an admin on
  // the organization's page.
  redirect((user.role === "admin" ? "/admin" : "/today") as Route);
}
