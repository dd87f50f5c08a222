"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import type { DismissReason } from "@/lib/portfolio/opportunities";

/**
 * The dismissal's reasons, each once (the compiler checks them against DISMISS_REASONS' keys): a type import keeps the
 * rules' module, and the formats it reads, out of the browser's scripts.
 */
const REASONS = Object.keys({
  not_interested: true,
  done_elsewhere: true,
  recently_discussed: true,
  figures_wrong: true,
  other: true,
} satisfies Record<DismissReason, true>) as DismissReason[];

/** One action button that calls the API, then shows the page again; its outcome is said next to it. */
function useAction() {
  const router = useRouter();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  async function run(
    path: string,
    init: { method?: string; body?: unknown },
    done: (answer: unknown) => string,
  ): Promise<boolean> {
    setPending(true);
    setMessage(undefined);
    try {
      const answer = await fetchJson<unknown>(path, init);
      setMessage({ text: done(answer), error: false });
      router.refresh();
      return true;
    } catch (error) {
      setMessage({ text: errorText(ApiProblem.from(error)), error: true });
      return false;
    } finally {
      setPending(false);
    }
  }
  return { pending, message, run };
}

const small =
  "rounded-md border border-brand-700 px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

function Said({ message }: { message?: { text: string; error: boolean } }) {
  return (
    <span role="status" className={`block text-xs ${message?.error ? "text-red-700" : "text-slate-700"}`}>
      {message?.text}
    </span>
  );
}

export function RefreshAllButton({ limit }: { limit: number }) {
  const t = useTranslations("ClientActions");
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
            const said = t("refreshedAll", { refreshed: r.refreshed, failed: r.failed.length });
            return r.stopped ? `${said} ${t("stoppedEarly", { reason: r.stopped })}` : said;
          })
        }
      >
        {pending ? t("refreshing") : t("refreshLeast", { limit })}
      </button>
      <Said message={message} />
    </div>
  );
}

export function RefreshButton({ clientId, name }: { clientId: number; name: string }) {
  const t = useTranslations("ClientActions");
  const { pending, message, run } = useAction();
  return (
    <>
      <button
        type="button"
        className={small}
        disabled={pending}
        aria-label={t("refreshName", { name })}
        onClick={() => run(`/api/clients/${clientId}/refresh`, { method: "POST" }, () => t("refreshed"))}
      >
        {pending ? t("refreshing") : t("refresh")}
      </button>
      <Said message={message} />
    </>
  );
}

export function InviteButton({ clientId, name, hasEmail }: { clientId: number; name: string; hasEmail: boolean }) {
  const t = useTranslations("ClientActions");
  const { pending, message, run } = useAction();
  if (!hasEmail) return <span className="text-xs text-slate-600">{t("noEmail")}</span>;
  return (
    <>
      <button
        type="button"
        className={small}
        disabled={pending}
        aria-label={t("inviteName", { name })}
        onClick={() => run(`/api/clients/${clientId}/invite`, { method: "POST" }, () => t("invitationSent"))}
      >
        {pending ? t("inviting") : t("invite")}
      </button>
      <Said message={message} />
    </>
  );
}

/**
 * What an officer does with an opportunity: contacted, dismissed with a reason (and their own words), or open again.
 */
export function OpportunityActions({
  id,
  status,
  client,
  label,
}: {
  id: number;
  status: string;
  client: string;
  label: string;
}) {
  const t = useTranslations("ClientActions");
  const { pending, message, run } = useAction();
  const [dismissing, setDismissing] = useState(false);
  const [reason, setReason] = useState<DismissReason>("not_interested");
  const [note, setNote] = useState("");
  const set = (body: { status: string; reason?: DismissReason; note?: string }, said: string) =>
    run(`/api/opportunities/${id}`, { method: "PATCH", body }, () => said);
  const what = { label, client };
  if (dismissing)
    return (
      <form
        className="space-y-2"
        aria-label={t("dismissWhat", what)}
        onSubmit={(event) => {
          event.preventDefault();
          void set(
            { status: "dismissed", reason, ...(note.trim() ? { note: note.trim() } : {}) },
            t("dismissedDone"),
          ).then((done) => done && setDismissing(false));
        }}
      >
        <label className="block text-xs font-medium">
          {t("why")}
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value as DismissReason)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
          >
            {REASONS.map((value) => (
              <option key={value} value={value}>
                {t("reason", { reason: value })}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-xs font-medium">
          {t("note")}
          <input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-xs"
          />
        </label>
        <p className="text-xs text-slate-600">{t("staysDismissed")}</p>
        <div className="flex gap-1">
          <button type="submit" className={small} disabled={pending}>
            {t("dismiss")}
          </button>
          <button type="button" className={small} onClick={() => setDismissing(false)}>
            {t("cancel")}
          </button>
        </div>
        <Said message={message} />
      </form>
    );
  return (
    <div className="flex flex-wrap gap-1">
      {status !== "contacted" && (
        <button
          type="button"
          className={small}
          disabled={pending}
          aria-label={t("markContactedWhat", what)}
          onClick={() => set({ status: "contacted" }, t("markedContacted"))}
        >
          {t("contacted")}
        </button>
      )}
      {status !== "dismissed" && (
        <button
          type="button"
          className={small}
          disabled={pending}
          aria-label={t("dismissWhatMore", what)}
          onClick={() => setDismissing(true)}
        >
          {t("dismissMore")}
        </button>
      )}
      {status !== "open" && (
        <button
          type="button"
          className={small}
          disabled={pending}
          aria-label={t("reopenWhat", what)}
          onClick={() => set({ status: "open" }, t("openAgain"))}
        >
          {t("reopen")}
        </button>
      )}
      <Said message={message} />
    </div>
  );
}
