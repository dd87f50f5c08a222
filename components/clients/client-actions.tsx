"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";

/** One action button that calls the API, then shows the page again; its outcome is said next to it. */
function useAction() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function run(path: string, init: { method?: string; body?: unknown }, done: (answer: unknown) => string) {
    setPending(true);
    setMessage(undefined);
    try {
      const answer = await fetchJson<unknown>(path, init);
      setMessage({ text: done(answer), error: false });
      router.refresh();
    } catch (error) {
      setMessage({ text: ApiProblem.from(error).message, error: true });
    } finally {
      setPending(false);
    }
  }
  return { pending, message, run };
}

const small = "rounded-md border border-brand-700 px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

function Said({ message }: { message?: { text: string; error: boolean } }) {
  return (
    <span role="status" className={`block text-xs ${message?.error ? "text-red-700" : "text-slate-700"}`}>
      {message?.text}
    </span>
  );
}

export function RefreshAllButton({ limit }: { limit: number }) {
  const { pending, message, run } = useAction();
  return (
    <div>
      <button
        type="button"
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        disabled={pending}
        onClick={() =>
          run("/api/clients/refresh", { method: "POST" }, (a) => {
            const r = a as { refreshed: number; failed: unknown[]; stopped: string | null };
            return `${r.refreshed} refreshed${r.failed.length ? `, ${r.failed.length} could not be valued` : ""}.${r.stopped ? ` Stopped early: ${r.stopped}` : ""}`;
          })
        }
      >
        {pending ? "Refreshing…" : `Refresh ${limit} least recent`}
      </button>
      <Said message={message} />
    </div>
  );
}

export function RefreshButton({ clientId, name }: { clientId: number; name: string }) {
  const { pending, message, run } = useAction();
  return (
    <>
      <button
        type="button"
        className={small}
        disabled={pending}
        aria-label={`Refresh ${name} now`}
        onClick={() => run(`/api/clients/${clientId}/refresh`, { method: "POST" }, () => "Refreshed.")}
      >
        {pending ? "Refreshing…" : "Refresh now"}
      </button>
      <Said message={message} />
    </>
  );
}

export function InviteButton({ clientId, name, hasEmail }: { clientId: number; name: string; hasEmail: boolean }) {
  const { pending, message, run } = useAction();
  if (!hasEmail) return <span className="text-xs text-slate-600">No email to invite</span>;
  return (
    <>
      <button
        type="button"
        className={small}
        disabled={pending}
        aria-label={`Invite ${name} to their dashboard`}
        onClick={() => run(`/api/clients/${clientId}/invite`, { method: "POST" }, () => "Invitation sent.")}
      >
        {pending ? "Inviting…" : "Invite"}
      </button>
      <Said message={message} />
    </>
  );
}

export function OpportunityActions({ id, status, client }: { id: number; status: string; client: string }) {
  const { pending, message, run } = useAction();
  const set = (next: string) => run(`/api/opportunities/${id}`, { method: "PATCH", body: { status: next } }, () => `Marked ${next}.`);
  return (
    <div className="flex flex-wrap gap-1">
      {status !== "contacted" && (
        <button type="button" className={small} disabled={pending} aria-label={`Mark ${client} contacted`} onClick={() => set("contacted")}>
          Contacted
        </button>
      )}
      {status !== "dismissed" && (
        <button type="button" className={small} disabled={pending} aria-label={`Dismiss for ${client}`} onClick={() => set("dismissed")}>
          Dismiss
        </button>
      )}
      {status !== "open" && (
        <button type="button" className={small} disabled={pending} aria-label={`Reopen for ${client}`} onClick={() => set("open")}>
          Reopen
        </button>
      )}
      <Said message={message} />
    </div>
  );
}
