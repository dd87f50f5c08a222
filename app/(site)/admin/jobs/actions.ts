"use server";

import { revalidatePath } from "next/cache";
import { JobRetryBody, JobRunBody, RefreshBudgetBody } from "@/lib/api/schemas/jobs";
import { setRefreshBudget } from "@/lib/services/portfolio/monitoring";
import { currentUser } from "@/lib/auth/session";
import { asRequestOf } from "@/lib/api/action";
import { retryJobByHand, runJobByHand } from "@/lib/jobs";
import { requireRole } from "@/lib/services/access";
import { advanceEmbeddedClock } from "@/lib/services/platform/sandbox-clock";

/** The jobs page's "Run again" button: a plain form post, so it works without the page's scripts. */
export async function retryFailedJob(form: FormData): Promise<void> {
  const user = requireRole(await currentUser(), ["admin"]);
  const parsed = JobRetryBody.safeParse({ name: form.get("name"), id: form.get("id") });
  if (!parsed.success) return;
  await asRequestOf(user, () => retryJobByHand(parsed.data.name, parsed.data.id));
  revalidatePath("/admin/jobs");
}

/** "Move a month forward": the embedded service's clock (embedded mode only). */
export async function advanceClock(): Promise<void> {
  const user = requireRole(await currentUser(), ["admin"]);
  await asRequestOf(user, advanceEmbeddedClock);
  revalidatePath("/", "layout");
}

/** "Run now" for a scheduled job. */
export async function runJobNow(form: FormData): Promise<void> {
  const user = requireRole(await currentUser(), ["admin"]);
  const parsed = JobRunBody.safeParse({ name: form.get("name") });
  if (!parsed.success) return;
  await asRequestOf(user, () => runJobByHand(parsed.data));
  revalidatePath("/admin/jobs");
}

/** The monthly budget of scheduled client refreshes. */
export async function saveRefreshBudget(form: FormData): Promise<void> {
  const user = requireRole(await currentUser(), ["admin"]);
  const parsed = RefreshBudgetBody.safeParse({ monthlyBudget: Number(form.get("monthlyBudget")) });
  if (!parsed.success) return;
  await asRequestOf(user, () => setRefreshBudget(parsed.data.monthlyBudget));
  revalidatePath("/admin/jobs");
  revalidatePath("/clients");
}
