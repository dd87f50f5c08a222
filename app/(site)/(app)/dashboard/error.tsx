"use client";

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h1 className="text-xl font-semibold">Something went wrong loading this page</h1>
      <p className="mt-2">Please try again. If it keeps happening, the property data service may be down for a moment.</p>
      <button type="button" onClick={reset} className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
        Try again
      </button>
    </div>
  );
}
