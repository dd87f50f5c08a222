"use server";

import { redirect } from "next/navigation";
import { UnsubscribeQuery } from "@/lib/api/schemas/jobs";
import { unsubscribe } from "@/lib/services/portfolio/digests";
import { AppError } from "@/lib/services/errors";

/** The unsubscribe page's button: the signed link's fields, posted back. */
export async function confirmUnsubscribe(form: FormData): Promise<void> {
  const parsed = UnsubscribeQuery.safeParse({ u: form.get("u"), k: form.get("k"), t: form.get("t") });
  if (!parsed.success) redirect("/unsubscribe");
  try {
    await unsubscribe(parsed.data.u, parsed.data.k, parsed.data.t);
  } catch (error) {
    // A forged or altered link: the page says it is not valid (rather than an error page).
    if (AppError.is(error) && error.status === 400) redirect("/unsubscribe");
    throw error;
  }
  redirect(`/unsubscribe?done=${parsed.data.k}`);
}
