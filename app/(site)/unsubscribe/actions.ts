"use server";

import { redirect } from "next/navigation";
import { UnsubscribeQuery } from "@/lib/api/schemas";
import { unsubscribe } from "@/lib/services/digests";

/** The unsubscribe page's button: the signed link's fields, posted back. */
export async function confirmUnsubscribe(form: FormData): Promise<void> {
  const parsed = UnsubscribeQuery.safeParse({ u: form.get("u"), k: form.get("k"), t: form.get("t") });
  if (!parsed.success) redirect("/unsubscribe");
  await unsubscribe(parsed.data.u, parsed.data.k, parsed.data.t);
  redirect(`/unsubscribe?done=${parsed.data.k}`);
}
