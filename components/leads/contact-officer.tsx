"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { MESSAGE_MAX } from "@/lib/leads/words";
import type { HomeownerLeadDto } from "@/lib/services/leads/dto";
import { ConsentPhone, type PhoneFields } from "./consent-phone";
import { LeadSent } from "./lead-sent";
import { useFailureText, useFieldTexts, useSendLead, type SendFailure } from "./use-send-lead";

export interface ContactOfficerProps {
  /** The home the question or call is about (one the homeowner proved they own). */
  propertyId: number;
  /** The homeowner's loan officer, as their card names them. */
  officerName: string;
  /**
   * The consent's exact words, naming the lender (leadContext().consentText): the checkbox's label, stored with the
   * lead.
   */
  consentText: string;
  /** What the homeowner already sent today (so a reload still says it was sent). */
  sent?: { question?: HomeownerLeadDto; call?: HomeownerLeadDto };
  /** Inside the officer's card (its actions slot): no frame of its own, and a heading under the card's. */
  nested?: boolean;
}

/**
 * "Ask a question" (up to 2,000 characters, with a counter) and "Request a call" (phone, best time, consent), each a
 * small form that opens in place and, once sent, says to whom and when. Render it only for a homeowner with an officer.
 */
export function ContactOfficer({ propertyId, officerName, consentText, sent, nested = false }: ContactOfficerProps) {
  const t = useTranslations("ContactOfficer");
  const [open, setOpen] = useState<"question" | "call" | undefined>();
  const id = useId();
  const Heading = nested ? "h3" : "h2";
  const toggle = "rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={nested ? "w-full space-y-3" : "space-y-3 rounded-xl border border-slate-200 bg-white p-4"}
      data-testid="contact-officer"
    >
      <Heading id={`${id}-title`} className="text-base font-semibold">
        {t("talkTo", { officer: officerName })}
      </Heading>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={toggle}
          aria-expanded={open === "question"}
          aria-controls={`${id}-question`}
          onClick={() => setOpen(open === "question" ? undefined : "question")}
        >
          {t("askQuestion")}
        </button>
        <button
          type="button"
          className={toggle}
          aria-expanded={open === "call"}
          aria-controls={`${id}-call`}
          onClick={() => setOpen(open === "call" ? undefined : "call")}
        >
          {t("requestCall")}
        </button>
      </div>
      <div id={`${id}-question`} hidden={open !== "question"}>
        <QuestionForm propertyId={propertyId} officerName={officerName} sent={sent?.question} />
      </div>
      <div id={`${id}-call`} hidden={open !== "call"}>
        <CallForm propertyId={propertyId} consentText={consentText} sent={sent?.call} />
      </div>
    </section>
  );
}

const submit =
  "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60";

function Failure({ failure }: { failure: SendFailure }) {
  const failureText = useFailureText();
  return (
    <p role="alert" className="text-sm text-red-700">
      {failureText(failure)}
    </p>
  );
}

function QuestionForm({
  propertyId,
  officerName,
  sent,
}: {
  propertyId: number;
  officerName: string;
  sent?: HomeownerLeadDto;
}) {
  const t = useTranslations("ContactOfficer");
  const { state, send } = useSendLead(sent);
  const [message, setMessage] = useState("");
  const fieldTexts = useFieldTexts();
  const id = useId();
  const fields = state.step === "failed" ? fieldTexts(state.fields) : {};
  const left = MESSAGE_MAX - message.length;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send({ kind: "question", propertyId, message });
      }}
    >
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium">
          {t("yourQuestion", { officer: officerName })}
        </label>
        <textarea
          id={`${id}-message`}
          required
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={`${id}-count${fields.message ? ` ${id}-error` : ""}`}
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
        />
        <p id={`${id}-count`} className="text-xs text-slate-600">
          {t("charactersLeft", { left, max: MESSAGE_MAX })}
        </p>
        {fields.message && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {fields.message}
          </p>
        )}
      </div>
      <button type="submit" className={submit} disabled={state.step === "sending" || !message.trim()}>
        {state.step === "sending" ? t("sending") : t("sendQuestion")}
      </button>
      {state.step === "sent" && <LeadSent lead={state.lead} again={state.again} focus={state.justSent} />}
      {state.step === "failed" && <Failure failure={state.failure} />}
    </form>
  );
}

function CallForm({
  propertyId,
  consentText,
  sent,
}: {
  propertyId: number;
  consentText: string;
  sent?: HomeownerLeadDto;
}) {
  const t = useTranslations("ContactOfficer");
  const { state, send } = useSendLead(sent);
  const fieldTexts = useFieldTexts();
  const [phone, setPhone] = useState<PhoneFields>({ phone: "", bestTime: "any", consent: false });
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send({ kind: "call", propertyId, ...phone });
      }}
    >
      <ConsentPhone
        value={phone}
        onChange={setPhone}
        consentText={consentText}
        required
        errors={state.step === "failed" ? fieldTexts(state.fields) : {}}
      />
      <button type="submit" className={submit} disabled={state.step === "sending"}>
        {state.step === "sending" ? t("sending") : t("requestCall")}
      </button>
      {state.step === "sent" && <LeadSent lead={state.lead} again={state.again} focus={state.justSent} />}
      {state.step === "failed" && <Failure failure={state.failure} />}
    </form>
  );
}
