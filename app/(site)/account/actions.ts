"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/lib/auth/session";
import { requireRole } from "@/lib/services/access";
import { setMailPreferences } from "@/lib/services/portfolio/digests";

/** The account page's email choices: a plain form post (unchecked boxes are absent from the form). */
export async function saveMailPreferences(form: FormData): Promise<void> {
  const user = requireRole(await currentUser(), ["homeowner", "loan_officer", "admin"]);
  await setMailPreferences(
    user.id,
    user.role === "homeowner"
      ? { monthlyDigest: form.has("monthlyDigest") }
      : { dailySummary: form.has("dailySummary") },
  );
  revalidatePath("/account");
}
