import Link from "next/link";

const FEATURES = [
  {
    title: "For homeowners",
    text: "Every home you own on one dashboard: its estimated value and range, what you owe, your equity, and a property report to download.",
  },
  {
    title: "For loan officers",
    text: "Look up any address: standardize it, verify the applicant owns it, value it, price the equity at your maximum loan-to-value, and hand over the report.",
  },
  { title: "For your website", text: "A small home-value widget for your own pages, and the homeowner dashboard inside your online banking." },
];

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Know what your home is worth, and what it can do for you.</h1>
        <p className="max-w-2xl text-lg text-slate-700">
          The homeowner dashboard brings together property records, an automated valuation, your loans and your equity, from the Property Data Service, for
          homeowners and the lenders who serve them.
        </p>
        <Link href="/example" className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900">
          See an example property
        </Link>
      </section>
      <ul className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">{feature.title}</h2>
            <p className="mt-2 text-sm text-slate-700">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
