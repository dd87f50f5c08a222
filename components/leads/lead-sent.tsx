import type { HomeownerLeadDto } from "@/lib/services/lead-dto";
import { sentWords } from "./use-send-lead";

/** What a homeowner sees once a request went: to whom, when, where it stands, and whether this click was a repeat. */
export function LeadSent({ lead, again }: { lead: HomeownerLeadDto; again: boolean }) {
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-brand-700 bg-brand-50 p-3 text-sm text-slate-900" data-testid="lead-sent">
      {again && <p className="font-semibold">You already sent this today.</p>}
      <p>{sentWords(lead)}</p>
      <p>
        Status: <strong data-testid="lead-status-words">{lead.statusWords}</strong>
      </p>
    </div>
  );
}
