import type { Metadata } from "next";
import Link from "next/link";
import { MessageFrame } from "@/components/admin/message-frame";
import { requirePageUser } from "@/lib/api/page";
import { outboxFor } from "@/lib/services/outbox";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Outbox" };

/** What the app sent: emails as their recipients see them, letters as printed. Without SMTP_URL, nothing else sends them. */
export default async function OutboxPage() {
  const caller = await requirePageUser(["admin"], "/admin/outbox");
  const messages = await outboxFor(caller, {}, 50);
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          ← Admin
        </Link>
        <h1 className="mt-2 text-3xl font-bold">Outbox</h1>
        <p className="text-slate-700">
          The latest 50 emails and letters. On the embedded defaults they are only kept here; anywhere else mail goes by SMTP and the copies here show no links
          or codes (letters waiting to be printed keep theirs). Each visit is in the activity log.
        </p>
      </div>
      {messages.length === 0 && <p className="rounded-xl border border-slate-200 bg-white p-6">Nothing has been sent yet.</p>}
      <ol className="space-y-5">
        {messages.map((message) => (
          <li key={message.id}>
            <article aria-labelledby={`message-${message.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
              <header className="space-y-1">
                <h2 id={`message-${message.id}`} className="text-lg font-semibold">
                  {message.subject}
                </h2>
                <p className="text-sm text-slate-700">
                  {message.kind === "letter" ? "Letter" : "Email"} to <span className="font-medium whitespace-pre-line">{message.recipient}</span> ·{" "}
                  {formatDateTime(message.createdAt)} · {message.delivery === "outbox" ? "kept here only" : `sent by ${message.delivery}`}
                </p>
              </header>
              {message.html ? (
                <MessageFrame title={`Email: ${message.subject}`} html={message.html} />
              ) : (
                <pre className="rounded-lg border border-slate-200 bg-amber-50 p-4 font-serif text-sm whitespace-pre-wrap">{message.text}</pre>
              )}
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
