"use client";

import { UNAVAILABLE_DIGEST } from "@/lib/errors/digest";

/** What a page shows when it could not be loaded: an outage of ours said plainly, anything else as a retryable failure. */
export function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const unavailable = error.digest === UNAVAILABLE_DIGEST;
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h1 className="text-xl font-semibold">{unavailable ? "We are having trouble on our side" : "Something went wrong loading this page"}</h1>
      <p className="mt-2">
        {unavailable
          ? "Our database is not answering right now. Nothing you saved is lost; please try again in a minute."
          : "Please try again. If it keeps happening, the property data service may be down for a moment."}
      </p>
      <button type="button" onClick={retry} className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
        Try again
      </button>
    </div>
  );
}
