import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Route } from "next";
import { InviteClientForm } from "@/components/clients/invite-client-form";
import { BatchLookup } from "@/components/lookup/batch-lookup";
import { LookupWorkspace } from "@/components/lookup/lookup-workspace";
import { RecentApplicants } from "@/components/lookup/recent-applicants";
import { displayKey } from "@/lib/address/format";
import { brand } from "@/lib/env";
import { getFormats } from "@/lib/i18n/server";
import { recentAddresses, userSpentToday } from "@/lib/services/platform/meter";
import { requirePageUser } from "@/lib/api/page";
import { addressKeyOf } from "@/lib/services/homes/addresses";
import { AppError } from "@/lib/services/errors";
import { applicantAt, recentApplicantsOf } from "@/lib/services/lookups/recent-applicants";
import { inviteClient } from "./actions";

/** The applicant the officer last verified at an address; none for an address that cannot be read. */
async function rememberedApplicant(userId: number, address: string): Promise<string | undefined> {
  try {
    return await applicantAt(userId, addressKeyOf(address).key);
  } catch (error) {
    if (AppError.is(error)) return undefined;
    throw error;
  }
}

export async function generateMetadata() {
  const t = await getTranslations("Lookup");
  return { title: t("title") };
}

export default async function LookupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requirePageUser(["loan_officer", "admin"], "/lookup");
  const params = await searchParams;
  const address = typeof params.address === "string" ? params.address : undefined;
  const [t, f, history, spent, applicants, remembered] = await Promise.all([
    getTranslations("Lookup"),
    getFormats(),
    recentAddresses(user.id),
    userSpentToday(user.id),
    recentApplicantsOf(user.id),
    // A reopened lookup carries the address only: the applicant comes back from this officer's own list.
    address ? rememberedApplicant(user.id, address) : undefined,
  ]);
  const applicant = remembered ?? "";

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div className="space-y-8">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <LookupWorkspace brand={brand} initial={address ? { address, applicant } : undefined} key={address ?? "new"} />
        <section aria-labelledby="batch-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="batch-title" className="text-lg font-semibold">
            {t("batchTitle")}
          </h2>
          <BatchLookup />
        </section>
        <section aria-labelledby="invite-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="invite-title" className="text-lg font-semibold">
            {t("inviteTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("inviteBody")}</p>
          <InviteClientForm action={inviteClient} />
        </section>
      </div>
      <aside aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t("historyTitle")}
        </h2>
        <p className="text-sm text-slate-700">
          {t.rich("billableToday", {
            spent: f.count(spent),
            b: (chunks) => <strong data-testid="billable-today">{chunks}</strong>,
          })}
        </p>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noneYet")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {history.map((h) => (
              <li key={h.address}>
                <Link
                  href={`/lookup?address=${encodeURIComponent(displayKey(h.address))}` as Route}
                  className="text-brand-700 underline"
                >
                  {displayKey(h.address)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-600">{t("reopenNote")}</p>
        <RecentApplicants applicants={applicants} />
      </aside>
    </div>
  );
}
