import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { UnsubscribeQuery } from "@/lib/api/schemas";
import { validUnsubscribe } from "@/lib/mail/unsubscribe";
import { confirmUnsubscribe } from "./actions";

export const metadata: Metadata = { title: "Unsubscribe" };

const MAILINGS = { monthly_digest: "the monthly digest about your home", daily_summary: "the daily summary of your clients' opportunities" } as const;

/**
 * Where the "Unsubscribe" link in recurring mail leads. Opening it changes nothing (mail scanners open links); the
 * button does, without signing in: the link's signature is the proof.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // Own keys only: `in` would take ?done=__proto__ (Object.prototype, which React refuses to render: a 500).
  const done = typeof params.done === "string" && Object.hasOwn(MAILINGS, params.done) ? (params.done as keyof typeof MAILINGS) : undefined;
  const link = UnsubscribeQuery.safeParse(params);
  const valid = link.success && validUnsubscribe(link.data.u, link.data.k, link.data.t);
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{done ? "You are unsubscribed" : "Unsubscribe"}</h1>
      {done ? (
        <p role="status">We will not send you {MAILINGS[done]} again. Everything else stays as it was.</p>
      ) : valid ? (
        <>
          <p>Stop {MAILINGS[link.data.k]}? Mail you ask for (password resets, invitations) still comes.</p>
          <form action={confirmUnsubscribe}>
            <input type="hidden" name="u" value={link.data.u} />
            <input type="hidden" name="k" value={link.data.k} />
            <input type="hidden" name="t" value={link.data.t} />
            <Button type="submit">Unsubscribe</Button>
          </form>
        </>
      ) : (
        <p role="alert">This unsubscribe link is not complete or not valid. Copy the whole link from the email, or choose what we send you in your account.</p>
      )}
      <p className="text-sm">
        <Link href="/account#email" className="text-brand-700 underline">
          Choose what we send you
        </Link>{" "}
        (signing in first).
      </p>
    </div>
  );
}
