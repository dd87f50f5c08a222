import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { UnsubscribeQuery } from "@/lib/api/schemas/jobs";
import { validUnsubscribe } from "@/lib/mail/unsubscribe";
import { confirmUnsubscribe } from "./actions";

export async function generateMetadata() {
  const t = await getTranslations("Unsubscribe");
  return { title: t("title") };
}

/** The mailings a link may stop (the `{mailing, select}` of the catalogue's messages names each). */
const MAILINGS = { monthly_digest: true, daily_summary: true } as const;

/**
 * Where the "Unsubscribe" link in recurring mail leads. Opening it changes nothing (mail scanners open links); the
 * button does, without signing in: the link's signature is the proof.
 */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const t = await getTranslations("Unsubscribe");
  // Own keys only: `in` would take ?done=__proto__ (Object.prototype, which React refuses to render: a 500).
  const done =
    typeof params.done === "string" && Object.hasOwn(MAILINGS, params.done)
      ? (params.done as keyof typeof MAILINGS)
      : undefined;
  const link = UnsubscribeQuery.safeParse(params);
  const valid = link.success && validUnsubscribe(link.data.u, link.data.k, link.data.t);
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{done ? t("doneTitle") : t("title")}</h1>
      {done ? (
        <p role="status">{t("done", { mailing: done })}</p>
      ) : valid ? (
        <>
          <p>{t("ask", { mailing: link.data.k })}</p>
          <form action={confirmUnsubscribe}>
            <input type="hidden" name="u" value={link.data.u} />
            <input type="hidden" name="k" value={link.data.k} />
            <input type="hidden" name="t" value={link.data.t} />
            <Button type="submit">{t("button")}</Button>
          </form>
        </>
      ) : (
        <p role="alert">{t("invalid")}</p>
      )}
      <p className="text-sm">
        {t.rich("choose", {
          link: (chunks) => (
            <Link href="/account#email" className="text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
