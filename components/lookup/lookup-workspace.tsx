"use client";

import { useIsFetching } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { withUnit } from "@/components/address/address-verdict";
import { ReportDownload } from "@/components/report/report-download";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAddressSuggestion } from "@/lib/client/use-address-suggestion";
import type { AddressCheckDto } from "@/lib/services/dto";
import type { Brand } from "@/lib/env";
import { EquityLookupPanel, Panel, SummaryPanel, ValuationPanel, VerificationPanel } from "./panels";
import { formatNumber, formatSigned } from "@/lib/format";

interface Lookup {
  address: string;
  applicant: string;
}

/** Refreshes the page's server parts (the sidebar's billable calls, recent lookups and applicants) each time a lookup settles. */
function useRefreshWhenSettled(active: boolean) {
  const router = useRouter();
  const fetching = useIsFetching();
  const wasFetching = useRef(false);
  useEffect(() => {
    if (fetching > 0) wasFetching.current = true;
    else if (wasFetching.current && active) {
      wasFetching.current = false;
      router.refresh();
    }
  }, [fetching, active, router]);
}

/** Look up one address: standardize it, then verify, value, price the equity and hand over the report. */
export function LookupWorkspace({ brand, initial }: { brand: Brand; initial?: Lookup }) {
  const [lookup, setLookup] = useState<Lookup | undefined>(initial);
  const [address, setAddress] = useState(initial?.address ?? "");
  const [applicant, setApplicant] = useState(initial?.applicant ?? "");
  const [unit, setUnit] = useState("");
  const [missing, setMissing] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const normalized = useAddressSuggestion(lookup?.address ?? "", !!lookup);
  useRefreshWhenSettled(!!lookup);
  useEffect(() => {
    if (normalized.data) resultHeading.current?.focus();
  }, [normalized.data]);

  function start(next: Lookup) {
    setLookup(next);
    // The same address again after a failure: its query key has not changed, so ask again explicitly.
    if (next.address === lookup?.address && normalized.error) void normalized.refetch();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parts = ["street", "city", "state", "zip"].map((name) => String(form.get(name) ?? "").trim());
    const line = address.trim() || (parts.every(Boolean) ? `${parts[0]}, ${parts[1]}, ${parts[2]} ${parts[3]}` : "");
    setMissing(!line);
    if (!line) return;
    setUnit("");
    start({ address: line, applicant: applicant.trim() });
  }

  function lookUpUnit(building: AddressCheckDto) {
    const line = withUnit(building, unit);
    setAddress(line);
    setUnit("");
    start({ address: line, applicant: applicant.trim() });
  }

  const result = normalized.data;
  // Confirmed: deliverable, and the service has a home there (unknown when it could not be asked: let the panels try).
  const confirmed = result?.ok && (result.deliverability.code === "Y" || result.deliverability.code === "S") && result.found !== false;
  return (
    <div className="space-y-6">
      <form
        onSubmit={submit}
        onChange={() => setMissing(false)}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
        aria-label="Look up an address"
        noValidate
      >
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field
            label="Address"
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="2800 N 24th St, Phoenix, AZ 85008"
            autoComplete="off"
            hint="Paste the whole line, or fill the fields below."
            error={missing ? "Enter an address to look up, or its street, city, state and ZIP code below." : undefined}
          />
          <Field
            label="Applicant name"
            name="applicant"
            value={applicant}
            onChange={(event) => setApplicant(event.target.value)}
            placeholder="First and last name"
            autoComplete="off"
          />
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
          {normalized.error.message}
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
              <dd className="font-medium" data-testid="standardized-address">
                {result.ok ? result.oneLine : result.error}
              </dd>
            </div>
            {result.ok && (
              <>
                <div>
                  <dt className="text-slate-600">Delivery point</dt>
                  <dd className={`font-medium ${confirmed ? "text-brand-700" : "text-red-700"}`} data-testid="deliverability">
                    {result.deliverability.meaning}
                  </dd>
                  {result.problems.length > 0 && <dd className="text-red-700">{result.problems.join("; ")}</dd>}
                  {result.found === false && <dd className="text-red-700">No property is on record at this address.</dd>}
                  {result.corrections.length > 0 && <dd className="text-slate-600">Corrected: {result.corrections.join("; ")}</dd>}
                </div>
                <div>
                  <dt className="text-slate-600">County, coordinates, time zone</dt>
                  <dd className="font-medium">
                    {result.county} County · {formatNumber(result.latitude, 5)}, {formatNumber(result.longitude, 5)} · {result.timeZone} (UTC
                    {formatSigned(result.utcOffset)}
                    {result.observesDaylightSaving ? ", observes daylight saving" : ", no daylight saving"})
                  </dd>
                </div>
              </>
            )}
          </dl>
          {result.ok && result.deliverability.code === "D" && (
            <div className="flex flex-wrap items-end gap-2">
              <Field
                label="Unit number"
                name="unit"
                value={unit}
                onChange={(event) => setUnit(event.target.value)}
                autoComplete="off"
                className="block w-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
              />
              <Button type="button" disabled={!unit.trim()} onClick={() => lookUpUnit(result)}>
                Look up this unit
              </Button>
            </div>
          )}
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
