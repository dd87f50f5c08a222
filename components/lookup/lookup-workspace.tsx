"use client";

import { useIsFetching } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { withUnit } from "@/components/address/address-verdict";
import { ReportDownload } from "@/components/report/report-download";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAddressSuggestion } from "@/lib/client/use-address-suggestion";
import type { AddressCheckDto } from "@/lib/services/homes/dto";
import type { Brand } from "@/lib/env";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";
import { useAddressCodes } from "./address-codes";
import { EquityLookupPanel, Panel, SummaryPanel, ValuationPanel, VerificationPanel } from "./panels";

interface Lookup {
  address: string;
  applicant: string;
}

/**
 * Refreshes the page's server parts (the sidebar's billable calls, recent lookups and applicants) each time a lookup
 * settles.
 */
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
  const t = useTranslations("LookupWorkspace");
  const f = useFormats();
  const errorText = useErrorText();
  const codes = useAddressCodes();
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
  const confirmed =
    result?.ok && (result.deliverability.code === "Y" || result.deliverability.code === "S") && result.found !== false;
  return (
    <div className="space-y-6">
      <form
        onSubmit={submit}
        onChange={() => setMissing(false)}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
        aria-label={t("formLabel")}
        noValidate
      >
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field
            label={t("address")}
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder={t("addressPlaceholder")}
            autoComplete="off"
            hint={t("addressHint")}
            error={missing ? t("addressMissing") : undefined}
          />
          <Field
            label={t("applicant")}
            name="applicant"
            value={applicant}
            onChange={(event) => setApplicant(event.target.value)}
            placeholder={t("applicantPlaceholder")}
            autoComplete="off"
          />
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("separately")}</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-4">
            <Field label={t("street")} name="street" autoComplete="off" />
            <Field label={t("city")} name="city" autoComplete="off" />
            <Field label={t("state")} name="state" autoComplete="off" />
            <Field label={t("zip")} name="zip" autoComplete="off" inputMode="numeric" />
          </div>
        </details>
        <Button type="submit" disabled={normalized.isFetching}>
          {normalized.isFetching ? t("lookingUp") : t("lookUp")}
        </Button>
      </form>

      {normalized.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {errorText(normalized.error)}
        </p>
      )}

      {lookup && result && (
        <section
          aria-labelledby="standardized-title"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="standardized-title" ref={resultHeading} tabIndex={-1} className="text-lg font-semibold">
            {result.ok ? t("standardizedTitle") : t("notStandardized")}
          </h2>
          <dl className="grid gap-3 text-sm md:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t("asTyped")}</dt>
              <dd className="font-medium">{lookup.address}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("standardized")}</dt>
              <dd className="font-medium" data-testid="standardized-address">
                {result.ok ? result.oneLine : result.error}
              </dd>
            </div>
            {result.ok && (
              <>
                <div>
                  <dt className="text-slate-600">{t("deliveryPoint")}</dt>
                  <dd
                    className={`font-medium ${confirmed ? "text-brand-700" : "text-red-700"}`}
                    data-testid="deliverability"
                  >
                    {codes.meaning(result.deliverability)}
                  </dd>
                  {result.problems.length > 0 && (
                    <dd className="text-red-700">{result.problems.map(codes.footnote).join("; ")}</dd>
                  )}
                  {result.found === false && <dd className="text-red-700">{t("noProperty")}</dd>}
                  {result.corrections.length > 0 && (
                    <dd className="text-slate-600">
                      {t("corrected", { corrections: result.corrections.map(codes.footnote).join("; ") })}
                    </dd>
                  )}
                </div>
                <div>
                  <dt className="text-slate-600">{t("placeTitle")}</dt>
                  <dd className="font-medium">
                    {t("place", {
                      county: result.county,
                      latitude: f.number(result.latitude, 5),
                      longitude: f.number(result.longitude, 5),
                      timeZone: result.timeZone,
                      offset: f.signed(result.utcOffset),
                      daylight: result.observesDaylightSaving ? "yes" : "no",
                    })}
                  </dd>
                </div>
              </>
            )}
          </dl>
          {result.ok && result.deliverability.code === "D" && (
            <div className="flex flex-wrap items-end gap-2">
              <Field
                label={t("unit")}
                name="unit"
                value={unit}
                onChange={(event) => setUnit(event.target.value)}
                autoComplete="off"
                className="block w-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
              />
              <Button type="button" disabled={!unit.trim()} onClick={() => lookUpUnit(result)}>
                {t("lookUpUnit")}
              </Button>
            </div>
          )}
        </section>
      )}

      {lookup && result && confirmed && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title={t("verifyTitle")} id="verify-title">
            <VerificationPanel address={result.oneLine} applicant={lookup.applicant} />
          </Panel>
          <Panel title={t("valuationTitle")} id="valuation-title">
            <ValuationPanel address={result.oneLine} brand={brand} />
          </Panel>
          <div className="lg:col-span-2">
            <Panel title={t("equityTitle")} id="equity-title">
              <EquityLookupPanel address={result.oneLine} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title={t("factsTitle")} id="facts-title">
              <SummaryPanel address={result.oneLine} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title={t("reportTitle")} id="report-title">
              <ReportDownload
                address={result.oneLine}
                applicantName={lookup.applicant || t("applicantFallback")}
                formats={["pdf", "html", "json"]}
              />
            </Panel>
          </div>
        </div>
      )}
    </div>
  );
}
