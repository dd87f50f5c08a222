"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { Scenario } from "@/lib/leads/rules";
import type { HomeownerLeadDto } from "@/lib/services/leads/dto";
import { ConsentPhone, type PhoneFields } from "./consent-phone";
import { LeadSent } from "./lead-sent";
import { useFailureText, useFieldTexts, useSendLead } from "./use-send-lead";

export interface QuoteRequestProps {
  propertyId: number;
  officerName: string;
  /** The consent's exact words, naming the lender: asked only when a phone is given. */
  consentText: string;
  /** The scenario with the figures the homeowner is looking at (sent as they are when pressed). */
  scenario: Scenario;
  /** A quote the homeowner already sent today. */
  sent?: HomeownerLeadDto;
}

/**
 * "Get a quote" on a borrowing scenario: sends its figures to the officer, with a phone (and consent) if the homeowner
 * wants a call.
 */
export function QuoteRequest({ propertyId, officerName, consentText, scenario, sent }: QuoteRequestProps) {
  const t = useTranslations("QuoteRequest");
  const failureText = useFailureText();
  const fieldTexts = useFieldTexts();
  const { state, send } = useSendLead(sent);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState<PhoneFields>({ phone: "", bestTime: "any", consent: false });
  const id = useId();
  if (state.step === "sent") return <LeadSent lead={state.lead} again={state.again} focus={state.justSent} />;
  return (
    <div className="space-y-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-quote`}
        onClick={() => setOpen(!open)}
        className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t("getQuote")}
      </button>
      <form
        id={`${id}-quote`}
        hidden={!open}
        className="space-y-3 rounded-lg border border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          const withPhone = phone.phone.trim() ? phone : { consent: phone.consent || undefined };
          void send({ kind: "quote", propertyId, scenario, ...withPhone });
        }}
      >
        <p className="text-sm text-slate-700">{t("intro", { officer: officerName })}</p>
        <ConsentPhone
          value={phone}
          onChange={setPhone}
          consentText={consentText}
          required={false}
          errors={state.step === "failed" ? fieldTexts(state.fields) : {}}
        />
        <button
          type="submit"
          disabled={state.step === "sending"}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {state.step === "sending" ? t("sending") : t("sendTo", { officer: officerName })}
        </button>
        {state.step === "failed" && (
          <p role="alert" className="text-sm text-red-700">
            {failureText(state.failure)}
          </p>
        )}
      </form>
    </div>
  );
}
