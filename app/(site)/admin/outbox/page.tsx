import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { MessageFrame } from "@/components/admin/message-frame";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { outboxFor } from "@/lib/services/platform/outbox";
import { getFormats } from "@/lib/i18n/server";

export async function generateMetadata() {
  const t = await getTranslations("Outbox");
  return { title: t("title") };
}

/**
 * What the app sent: emails as their recipients see them, letters as printed. Without SMTP_URL, nothing else sends
 * them.
 */
export default async function OutboxPage() {
  const caller = await requirePageUser(["admin"], "/admin/outbox");
  const [messages, t, f] = await Promise.all([
    readOrStepUp(outboxFor(caller, {}, 50, "page")),
    getTranslations("Outbox"),
    getFormats(),
  ]);
  if (messages === STEP_UP_FIRST) return <StepUpToRead />;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{t("title")}</h1>
        <p className="text-slate-700">{t("intro", { count: 50 })}</p>
      </div>
      {messages.length === 0 && <p className="rounded-xl border border-slate-200 bg-white p-6">{t("empty")}</p>}
      <ol className="space-y-5">
        {messages.map((message) => (
          <li key={message.id}>
            <article
              aria-labelledby={`message-${message.id}`}
              className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
            >
              <header className="space-y-1">
                <h2 id={`message-${message.id}`} className="text-lg font-semibold">
                  {message.subject}
                </h2>
                <p className="text-sm text-slate-700">
                  {t.rich("line", {
                    kind: message.kind === "letter" ? "letter" : "email",
                    recipient: message.recipient,
                    when: f.dateTime(message.createdAt),
                    delivery: message.delivery,
                    who: (chunks) => <span className="font-medium whitespace-pre-line">{chunks}</span>,
                  })}
                </p>
              </header>
              {message.html ? (
                <MessageFrame title={t("frameTitle", { subject: message.subject })} html={message.html} />
              ) : (
                <pre className="rounded-lg border border-slate-200 bg-amber-50 p-4 font-serif text-sm whitespace-pre-wrap">
                  {message.text}
                </pre>
              )}
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
