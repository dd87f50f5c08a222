import { getTranslations } from "next-intl/server";
import { carriedAddress } from "@/components/address/carried-address";
import { OnboardingForm } from "@/components/address/onboarding-form";
import { demoZipCodes } from "@/lib/services/lookups/lookups";
import { claimsOf } from "@/lib/services/homes/ownership";
import { requirePageUser } from "@/lib/api/page";
import { claimHomeAction } from "./actions";

export async function generateMetadata() {
  const t = await getTranslations("OnboardingPage");
  return { title: t("title") };
}

export default async function OnboardingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const address = carriedAddress((await searchParams).address);
  const { user } = await requirePageUser(
    ["homeowner"],
    address ? `/onboarding?address=${encodeURIComponent(address)}` : "/onboarding",
  );
  // An account that already has homes comes here to add another: each goes through the same proof as the first.
  const another = user.ownerIds.length > 0 || (await claimsOf(user.id)).length > 0;
  const t = await getTranslations("OnboardingPage");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{another ? t("titleAnother") : t("title")}</h1>
        <p className="mt-2 text-slate-700">{t("intro", { another: String(another) })}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <OnboardingForm action={claimHomeAction} demoZips={demoZipCodes()} initialAddress={address} />
      </div>
    </div>
  );
}
