import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { StepUpToRead } from "@/components/auth/step-up-to-read";
import { InviteButton, RefreshButton } from "@/components/clients/client-actions";
import { ClientNoteForm } from "@/components/clients/client-note-form";
import { Card, ClientEngagement, ClientLoan, ClientOpportunities } from "@/components/clients/client-record";
import { readOrStepUp, requirePageUser, STEP_UP_FIRST } from "@/lib/api/page";
import { STAFF } from "@/lib/auth/roles";
import { brand } from "@/lib/env";
import { phoneDisplay } from "@/lib/format/phone";
import { getFormats } from "@/lib/i18n/server";
import { timeZoneOfAddress } from "@/lib/leads/rules";
import { AppError } from "@/lib/services/errors";
import { readClientRecord } from "@/lib/services/portfolio/client-record";

export async function generateMetadata() {
  const t = await getTranslations("ClientPage");
  return { title: t("title") };
}

const BUTTON = "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold";

/**
 * One client, as a loan officer's CRM shows a contact: call and mail first, then what to call about, the notes, the
 * loan and the home's figures over time, and what the homeowner did. An officer's own clients only (an admin's: all);
 * another's is a 404 like a missing one. The read is one row of the activity log, counted with the session's others.
 */
export default async function ClientPage({ params }: { params: Promise<{ clientId: string }> }) {
  const { clientId } = await params;
  const caller = await requirePageUser(STAFF, `/clients/${clientId}`);
  if (!/^\d{1,9}$/.test(clientId)) notFound();
  const record = await readOrStepUp(readClientRecord(caller, Number(clientId), "page")).catch((error: unknown) => {
    if (AppError.is(error) && error.status === 404) return undefined;
    throw error;
  });
  if (!record) notFound();
  if (record === STEP_UP_FIRST) return <StepUpToRead />;
  const [t, clients, f] = await Promise.all([getTranslations("ClientPage"), getTranslations("Clients"), getFormats()]);
  const phone = phoneDisplay(record.phone);
  // Times in the home's time zone, named: the client's day, which is most often the officer's too.
  const zone = timeZoneOfAddress(record.address) ?? "UTC";
  const clock = new Intl.DateTimeFormat(f.locale === "es" ? "es-US" : "en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  });
  const zoned = (at: string) => clock.format(new Date(at));
  const invitable = record.invitation === "none" || record.invitation === "expired";

  return (
    <div className="space-y-5">
      <header className="space-y-3">
        <Link href={"/clients" as Route} className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <div>
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{record.name}</h1>
          <p className="break-words text-slate-700">{record.address}</p>
          {record.email && <p className="text-sm break-all text-slate-700">{record.email}</p>}
          <p className="mt-1 text-sm text-slate-700" data-testid="client-invitation">
            {t("invitation", { state: record.invitation })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {phone?.href ? (
            <a href={phone.href} className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900`}>
              {t("call", { phone: phone.text })}
            </a>
          ) : (
            <p className="text-sm text-slate-700">{phone ? t("phoneAsGiven", { phone: phone.text }) : t("noPhone")}</p>
          )}
          {record.email ? (
            <a
              href={`mailto:${record.email}`}
              aria-label={t("mail", { email: record.email })}
              className={`${BUTTON} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`}
            >
              {t("mailShort")}
            </a>
          ) : (
            <p className="text-sm text-slate-700">{t("noEmail")}</p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-3 text-sm">
          <div>
            <RefreshButton clientId={record.id} name={record.name} />
          </div>
          {invitable && record.email && (
            <div>
              <InviteButton clientId={record.id} name={record.name} hasEmail />
            </div>
          )}
        </div>
      </header>

      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-5">
          <Card id="opportunities-title" title={t("opportunitiesTitle")}>
            <ClientOpportunities record={record} />
          </Card>
          <Card id="notes-title" title={t("notesTitle")}>
            <ClientNoteForm clientId={record.id} />
            {record.notes.length === 0 ? (
              <p className="text-sm text-slate-700">{t("noNotes")}</p>
            ) : (
              <ol className="space-y-3" aria-label={t("notesList")} data-testid="client-notes">
                {record.notes.map((note) => (
                  <li key={note.id} className="border-l-4 border-slate-200 pl-3">
                    <p className="text-xs text-slate-600">
                      {t("noteBy", { author: note.author ?? t("formerStaff"), at: zoned(note.createdAt) })}
                    </p>
                    <p className="text-sm break-words whitespace-pre-wrap">{note.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="space-y-5">
          <Card id="loan-title" title={t("loanTitle")}>
            <ClientLoan
              record={record}
              footnote={`${clients("footnote", { provider: brand.provider })} ${brand.disclaimer}`}
            />
          </Card>
          <Card id="engagement-title" title={t("engagementTitle")}>
            <ClientEngagement record={record} zoned={zoned} />
          </Card>
        </div>
      </div>
    </div>
  );
}
