"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useProblemText, type ApiProblem } from "@/lib/client/fetch-json";
import type { AddressCheckDto } from "@/lib/services/homes/dto";
import { addressVerdict, withUnit, type NotConfirmedReason } from "./address-verdict";

interface Props {
  typed: string;
  checking: boolean;
  check: AddressCheckDto | undefined;
  problem: ApiProblem | null;
  /** The ZIP codes the embedded data set covers; empty with a real service. */
  demoZips: string[];
  onChoose: (address: string) => void;
}

function Coverage({ zips }: { zips: string[] }) {
  const t = useTranslations("AddressStatus");
  if (zips.length === 0) return null;
  return <span className="block text-slate-700">{t("coverage", { count: zips.length, zips: zips.join(", ") })}</span>;
}

/** What the service made of the typed address: confirmed, a suggestion to accept, a unit to add, or what is wrong. */
export function AddressStatus({ typed, checking, check, problem, demoZips, onChoose }: Props) {
  const t = useTranslations("AddressStatus");
  const problemText = useProblemText();
  const [unit, setUnit] = useState("");
  const verdict = check ? addressVerdict(check, typed) : undefined;
  const reasonText = (reason: NotConfirmedReason) =>
    reason.key === "reasonHouseNumberInvalid"
      ? t(reason.key, { street: reason.street, number: reason.number })
      : t(reason.key);
  return (
    <div data-testid="address-status" className="min-h-6 space-y-2 text-sm">
      <p aria-live="polite">
        {checking && <span className="text-slate-600">{t("checking")}</span>}
        {!checking && problem && <span className="text-red-700">{problemText(problem)}</span>}
        {!checking && verdict?.kind === "confirmed" && <span className="text-brand-700">{t("confirmed")}</span>}
        {!checking && verdict?.kind === "suggestion" && (
          <span>
            {t.rich("didYouMean", { address: verdict.address, b: (chunks) => <strong>{chunks}</strong> })}{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => onChoose(verdict.address)}
            >
              {t("useThis")}
            </button>
          </span>
        )}
        {!checking && verdict?.kind === "unchecked" && <span className="text-slate-700">{t("unchecked")}</span>}
        {!checking && verdict?.kind === "not-confirmed" && (
          <span className="text-red-700">
            {t("notConfirmed")} {reasonText(verdict.reason)}
            <Coverage zips={demoZips} />
          </span>
        )}
        {!checking && verdict?.kind === "unreadable" && (
          <span className="text-red-700">
            {t("unreadable")} {verdict.reason ?? t("reasonUnreadable")}
            <Coverage zips={demoZips} />
          </span>
        )}
        {!checking && verdict?.kind === "unit-needed" && (
          <span className="text-slate-800">{t("unitNeeded", { street: verdict.building.street })}</span>
        )}
      </p>
      {!checking && verdict?.kind === "unit-needed" && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor="unit-number" className="block text-sm font-medium text-slate-800">
              {t("unitNumber")}
            </label>
            <input
              id="unit-number"
              value={unit}
              onChange={(event) => setUnit(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the unit rather than submitting the whole form.
                if (event.key === "Enter" && unit.trim()) {
                  event.preventDefault();
                  onChoose(withUnit(verdict.building, unit));
                }
              }}
              className="block w-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
            />
          </div>
          <button
            type="button"
            disabled={!unit.trim()}
            onClick={() => onChoose(withUnit(verdict.building, unit))}
            className="rounded-lg border border-brand-700 px-3 py-2 font-semibold text-brand-700 disabled:opacity-50"
          >
            {t("addUnit")}
          </button>
        </div>
      )}
    </div>
  );
}
