"use client";

import { useState } from "react";
import type { HomeownerLeadDto } from "@/lib/services/lead-dto";
import { formatDate } from "@/lib/format";

export type SendState =
  | { step: "idle" }
  | { step: "sending" }
  /** `justSent`: this page sent it now (focus moves to what it says), not a reload that found it sent earlier. */
  | { step: "sent"; lead: HomeownerLeadDto; again: boolean; justSent: boolean }
  | { step: "failed"; message: string; fields: Record<string, string> };

/** Sends a lead (POST /api/leads): sent, already sent today (409 with the first), or failed with each field's reason. */
export function useSendLead(sent?: HomeownerLeadDto) {
  const [state, setState] = useState<SendState>(sent ? { step: "sent", lead: sent, again: false, justSent: false } : { step: "idle" });
  const send = async (body: Record<string, unknown>) => {
    setState({ step: "sending" });
    try {
      const response = await fetch("/api/leads", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => ({}))) as {
        lead?: HomeownerLeadDto;
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      };
      if (answer.lead && (response.status === 201 || answer.error?.code === "already_sent")) {
        setState({ step: "sent", lead: answer.lead, again: response.status !== 201, justSent: true });
        return;
      }
      setState({ step: "failed", message: answer.error?.message ?? "It could not be sent. Please try again.", fields: answer.error?.fields ?? {} });
    } catch {
      setState({ step: "failed", message: "It could not be sent: check your connection and try again.", fields: {} });
    }
  };
  return { state, send, reset: () => setState({ step: "idle" }) };
}

/** "Sent to Dana Reyes on November 27, 2026" and where it stands, announced when it appears. */
export function sentWords(lead: HomeownerLeadDto): string {
  return `Sent to ${lead.officerName ?? "your loan officer"} on ${formatDate(lead.createdAt)}.`;
}
