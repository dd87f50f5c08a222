import { useTranslations } from "next-intl";
import { DataTable } from "@/components/ui/data-table";
import { useFormats } from "@/lib/i18n/use-formats";
import type { AuditEventDto } from "@/lib/services/audit/read";

const OUTCOME_STYLE = {
  allowed: "bg-emerald-50 text-emerald-900 border-emerald-300",
  refused: "bg-amber-50 text-amber-900 border-amber-300",
  failed: "bg-red-50 text-red-900 border-red-300",
} as const;

/** Who acted, as the log can still say it: the email, or the pseudonym once the account was deleted. */
function Who({ actor }: { actor: AuditEventDto["actor"] }) {
  const t = useTranslations("Audit");
  const role = actor.role ? t("role", { role: actor.role }) : null;
  return (
    <>
      <span className="block break-words">
        {actor.email ?? (actor.ref ? t("deletedAccount", { ref: actor.ref }) : t("noAccount"))}
      </span>
      {(role || actor.partnerSiteId !== null) && (
        <span className="block text-xs text-slate-600">
          {role}
          {actor.partnerSiteId !== null && ` ${t("throughPartner", { site: actor.partnerSiteId })}`}
        </span>
      )}
    </>
  );
}

/** A page of the log, newest first: when, who, what, which home, how it ended and from where. */
export function AuditTable({ events, caption }: { events: AuditEventDto[]; caption: string }) {
  const t = useTranslations("Audit");
  const f = useFormats();
  return (
    <DataTable
      label={t("tableLabel")}
      caption={caption}
      showCaption
      className="min-w-[52rem]"
      columns={[t("when"), t("who"), t("action"), t("home"), t("outcome"), t("clientAddress")]}
    >
      {events.map((event) => (
        <tr key={event.id} className="border-b border-slate-100 align-top" data-testid="audit-event">
          <th scope="row" className="p-2 font-normal whitespace-nowrap">
            <time dateTime={event.at}>{f.dateTime(event.at, { seconds: true })}</time>
            <span className="block text-xs text-slate-600">#{event.id}</span>
          </th>
          <td className="p-2">
            <Who actor={event.actor} />
          </td>
          <td className="p-2">
            {event.description}
            <span className="block font-mono text-xs text-slate-600">{event.action}</span>
          </td>
          <td className="p-2">
            {event.address ?? (event.propertyId ? t("propertyId", { id: event.propertyId }) : "—")}
            {event.address && event.propertyId && (
              <span className="block text-xs text-slate-600">{t("propertyId", { id: event.propertyId })}</span>
            )}
          </td>
          <td className="p-2">
            <span
              className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold capitalize ${OUTCOME_STYLE[event.outcome]}`}
            >
              {t("outcomeWord", { outcome: event.outcome })}
            </span>
          </td>
          <td className="p-2 font-mono text-xs">{event.ip ?? "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
