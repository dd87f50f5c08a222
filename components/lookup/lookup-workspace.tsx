"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ReportDownload } from "@/components/report/report-download";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { fetchJson, type ApiProblem } from "@/lib/client/fetch-json";
import type { Brand } from "@/lib/env";
import type { NormalizedAddressDto } from "@/lib/services/dto";
import { EquityLookupPanel, Panel, SummaryPanel, ValuationPanel, VerificationPanel } from "./panels";

interface Lookup {
  address: string;
  applicant: string;
}

/** Look up one address: standardize it, then verify, value, price the equity and hand over the report. */
export function LookupWorkspace({ brand, initial }: { brand: Brand; initial?: Lookup }) {
  const [lookup, setLookup] = useState<Lookup | undefined>(initial);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const normalized = useQuery({
    queryKey: ["normalize", lookup?.address],
    queryFn: () => fetchJson<NormalizedAddressDto>("/api/address/suggest", { body: { address: lookup!.address } }),
    enabled: !!lookup,
    retry: false,
  });
  useEffect(() => {
    if (normalized.data) resultHeading.current?.focus();
  }, [normalized.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parts = ["street", "city", "state", "zip"].map((name) => String(form.get(name) ?? "").trim());
    const line = String(form.get("address") ?? "").trim() || (parts.every(Boolean) ? `${parts[0]}, ${parts[1]}, ${parts[2]} ${parts[3]}` : "");
    if (!line) return;
    setLookup({ address: line, applicant: String(form.get("applicant") ?? "").trim() });
    // The same address again after a failure: its query key has not changed, so ask again explicitly.
    if (line === lookup?.address && normalized.error) void normalized.refetch();
  }

  const result = normalized.data;
  const confirmed = result?.ok && (result.deliverability.code === "Y" || result.deliverability.code === "S");
  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5" aria-label="Look up an address">
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field label="Address" name="address" defaultValue={initial?.address} placeholder="2800 N 24th St, Phoenix, AZ 85008" autoComplete="off" hint="Paste the whole line, or fill the fields below." />
          <Field label="Applicant name" name="applicant" defaultValue={initial?.applicant} placeholder="First and last name" autoComplete="off" />
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Street, city, state and ZIP code separately</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-4">
            <Field label="Street" name="street" autoComplete="off" />
            <Field label="City" name="city" autoComplete="off" />
            <Field label="State" name="state" autoComplete="off" />
            <Field label="ZIP code" name="zip" autoComplete="off" inputMode="numeric" />
          </div>
        </details>
        <Button type="submit" disabled={normalized.isFetching}>
          {normalized.isFetching ? "Looking up…" : "Look up"}
        </Button>
      </form>

      {normalized.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {(normalized.error as ApiProblem).message}
        </p>
      )}

      {lookup && result && (
        <section aria-labelledby="standardized-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="standardized-title" ref={resultHeading} tabIndex={-1} className="text-lg font-semibold">
            {result.ok ? "Standardized address" : "The address could not be standardized"}
          </h2>
          <dl className="grid gap-3 text-sm md:grid-cols-2">
            <div>
              <dt className="text-slate-600">As typed</dt>
              <dd className="font-medium">{lookup.address}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Standardized</dt>
              <dd className="font-medium" data-testid="standardized-address">{result.ok ? result.oneLine : result.error}</dd>
            </div>
            {result.ok && (
              <>
                <div>
                  <dt className="text-slate-600">Delivery point</dt>
                  <dd className={`font-medium ${confirmed ? "text-brand-700" : "text-red-700"}`} data-testid="deliverability">
                    {result.deliverability.meaning}
                  </dd>
                  {result.corrections.length > 0 && <dd className="text-slate-600">Corrected: {result.corrections.join("; ")}</dd>}
                </div>
                <div>
                  <dt className="text-slate-600">County, coordinates, time zone</dt>
                  <dd className="font-medium">
                    {result.county} County · {result.latitude.toFixed(5)}, {result.longitude.toFixed(5)} · {result.timeZone} (UTC{result.utcOffset}
                    {result.observesDaylightSaving ? ", observes daylight saving" : ", no daylight saving"})
                  </dd>
                </div>
              </>
            )}
          </dl>
        </section>
      )}

      {lookup && result && confirmed && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title="Homeowner verification" id="verify-title">
            <VerificationPanel address={result.oneLine} applicant={lookup.applicant} />
          </Panel>
          <Panel title="Valuation" id="valuation-title">
            <ValuationPanel address={result.oneLine} brand={brand} />
          </Panel>
          <div className="lg:col-span-2">
            <Panel title="Equity" id="equity-title">
              <EquityLookupPanel address={result.oneLine} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title="Property facts" id="facts-title">
              <SummaryPanel address={result.oneLine} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title="Property report" id="report-title">
              <ReportDownload address={result.oneLine} applicantName={lookup.applicant || "Applicant"} formats={["pdf", "html", "json"]} />
            </Panel>
          </div>
        </div>
      )}
    </div>
  );
}
