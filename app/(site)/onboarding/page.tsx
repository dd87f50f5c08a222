import type { Metadata } from "next";
import { carriedAddress } from "@/components/address/carried-address";
import { OnboardingForm } from "@/components/address/onboarding-form";
import { demoZipCodes } from "@/lib/services/lookups";
import { claimsOf } from "@/lib/services/ownership";
import { requirePageUser } from "@/lib/api/page";
import { claimHomeAction } from "./actions";

export const metadata: Metadata = { title: "Add your home" };

export default async function OnboardingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const address = carriedAddress((await searchParams).address);
  const { user } = await requirePageUser(["homeowner"], address ? `/onboarding?address=${encodeURIComponent(address)}` : "/onboarding");
  // An account that already has homes comes here to add another: each goes through the same proof as the first.
  const another = user.ownerIds.length > 0 || (await claimsOf(user.id)).length > 0;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{another ? "Add another home" : "Add your home"}</h1>
        <p className="mt-2 text-slate-700">
          {another && "Your other homes stay as they are. "}Tell us who you are, as your name is written on your deed, and where you live. We find your home in
          public records and show its facts and value at once. Your loans and equity are private: you see them once you prove the home is yours, with a code we
          mail to it or an invitation from your loan officer.
        </p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <OnboardingForm action={claimHomeAction} demoZips={demoZipCodes()} initialAddress={address} />
      </div>
    </div>
  );
}
