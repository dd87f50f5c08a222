import Link from "next/link";

/**
 * What a missing page, or one that is not the visitor's to see, says: the same words for both (someone else's home
 * looks exactly like no home), and the ways back.
 */
export function NotFoundPanel() {
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Page not found</p>
      <h1 className="text-2xl font-bold">This page does not exist, or it is not yours to see</h1>
      <p className="text-slate-700">
        If you followed a link to a home, it may belong to another account. Your own homes, lookups and settings are a click away.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href="/start" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          Go to your page
        </Link>
        <Link href="/" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Home
        </Link>
      </div>
    </div>
  );
}
