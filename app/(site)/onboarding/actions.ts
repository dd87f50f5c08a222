"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { action } from "@/lib/api/action";
import { OwnerBody } from "@/lib/api/schemas/property";
import { claimHome } from "@/lib/services/homes/ownership";

// Claims a home from the onboarding form (POST /api/owners does the same for API clients), then the dashboard.
export const claimHomeAction = action({ roles: ["homeowner"], input: OwnerBody }, async ({ caller, input }) => {
  await claimHome(caller, input);
  revalidatePath("/dashboard", "layout");
  redirect("/dashboard");
});
