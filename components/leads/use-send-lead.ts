"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";
import { MESSAGE_MAX } from "@/lib/leads/words";
import type { HomeownerLeadDto } from "@/lib/services/leads/dto";

/** Why a lead was not sent: the API's code and words, or none of them when the network failed (`offline`). */
export interface SendFailure {
  code?: string;
  message?: string;
  offline?: boolean;
}

export type SendState =
  | { step: "idle" }
  | { step: "sending" }
  /** `justSent`: this page sent it now (focus moves to what it says), not a reload that found it sent earlier. */
  | { step: "sent"; lead: HomeownerLeadDto; again: boolean; justSent: boolean }
  | { step: "failed"; failure: SendFailure; fields: Record<string, string> };

/**
 * Sends a lead (POST /api/leads): sent, already sent today (409 with the first), or failed with each field's reason.
 */
export function useSendLead(sent?: HomeownerLeadDto) {
  const [state, setState] = useState<SendState>(
    sent ? { step: "sent", lead: sent, again: false, justSent: false } : { step: "idle" },
  );
  const send = async (body: Record<string, unknown>) => {
    setState({ step: "sending" });
    try {
      const response = await fetch("/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        lead?: HomeownerLeadDto;
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      };
      if (answer.lead && (response.status === 201 || answer.error?.code === "already_sent")) {
        setState({ step: "sent", lead: answer.lead, again: response.status !== 201, justSent: true });
        return;
      }
      setState({
        step: "failed",
        failure: { code: answer.error?.code, message: answer.error?.message },
        fields: answer.error?.fields ?? {},
      });
    } catch {
      setState({ step: "failed", failure: { offline: true }, fields: {} });
    }
  };
  return { state, send, reset: () => setState({ step: "idle" }) };
}

/** A failure's words in the reader's language: the API's by their code, else its words, else the form's own. */
export function useFailureText(): (failure: SendFailure) => string {
  const t = useTranslations("LeadSent");
  const errorText = useErrorText();
  return (failure) =>
    failure.offline
      ? t("offline")
      : failure.message
        ? errorText({ code: failure.code, message: failure.message })
        : t("failed");
}

/** The API's field messages for a lead (lib/leads/rules.ts), as catalogue keys of `LeadSent`. */
const FIELD_KEYS = {
  "phone is required to request a call": "fieldPhoneRequired",
  "phone must be a valid phone number": "fieldPhoneInvalid",
  "phone must be at most 40 characters": "fieldPhoneTooLong",
  "consent must be given (true) to be called or texted at this number": "fieldConsent",
  "message is required to ask a question": "fieldMessageRequired",
} as const;

/** Each field's reason in the reader's language: the API's known messages from the catalogue, any other as written. */
export function useFieldTexts(): (fields: Record<string, string>) => Record<string, string> {
  const t = useTranslations("LeadSent");
  const one = (message: string): string => {
    if (message === `message must be at most ${MESSAGE_MAX} characters`)
      return t("fieldMessageTooLong", { max: String(MESSAGE_MAX) });
    const key = FIELD_KEYS[message as keyof typeof FIELD_KEYS];
    return key ? t(key) : message;
  };
  return (fields) => Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, one(message)]));
}
