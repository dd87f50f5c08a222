import type { Metadata } from "next";
import Link from "next/link";
import { VerifyPanel } from "@/components/ownership/verify-panel";
import { PropertyCard } from "@/components/property/property-card";
import { brand } from "@/lib/env";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AppError, orAppError } from "@/lib/services/errors";
import { homeownerView } from "@/lib/services/owners";
import { requirePageUser } from "@/lib/api/page";

export const metadata: Metadata = { title: "Your homes" };

export default async function DashboardPage() {
  const caller = await requirePageUser(["homeowner"], "/dashboard");
  const view = await orAppError(homeownerView(caller));
  if (AppError.is(view)) return <ErrorPanel title="Your homes could not be loaded" message={view.message} retryHref="/dashboard" />;
  if (!view.verified && !view.verification) {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold">Welcome! Let’s find your home.</h1>
        <p className="text-slate-700">Add your address and we will show what your home is worth, what you owe on it and what you could borrow.</p>
        <Link href="/onboarding" className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900">
          Add your home
        </Link>
      </div>
    );
  }
  const count = view.properties.length;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Your homes</h1>
        <p className="text-slate-700">
          {view.verified
            ? `${count} ${count === 1 ? "property" : "properties"} in public records under your name.`
            : "The home you added. Verify it is yours to see your loans, your equity and any other home you own."}
          {view.stale && " The service is not answering right now, so these figures may be a little out of date."}
        </p>
      </div>
      {view.verification && <VerifyPanel state={view.verification} />}
      {count === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6">No property is recorded under your owner record yet.</p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {view.properties.map((property) => (
            <PropertyCard key={property.propertyId} property={property} brand={brand} />
          ))}
        </div>
      )}
    </div>
  );
}
