import { ROLE_LABELS, type Role } from "@/lib/auth/roles";
import { TableScroll } from "@/components/ui/table-scroll";
import type { AccessEntry } from "@/lib/services/access-log";
import { formatDateTime } from "@/lib/format";

function Who({ by }: { by: AccessEntry["by"] }) {
  if (by.partnerSite) return <>Through {by.partnerSite}</>;
  const role = by.role && Object.hasOwn(ROLE_LABELS, by.role) ? ROLE_LABELS[by.role as Role] : by.role;
  const person = by.email ? (by.name ? `${by.name} (${by.email})` : by.email) : "A former staff member";
  return (
    <>
      {person}
      {role && <span className="block text-xs text-slate-600">{role}</span>}
    </>
  );
}

/** "Who looked at my home's records": each read of the homeowner's private data by someone else, newest first. */
export function AccessLogList({ entries }: { entries: AccessEntry[] }) {
  if (!entries.length)
    return (
      <p className="text-sm text-slate-700" data-testid="access-log-empty">
        Nobody else has looked at your home&apos;s records yet. When a loan officer, an admin or a partner&apos;s site does, it shows here.
      </p>
    );
  return (
    <TableScroll label="Who looked at your home's records">
      <table className="w-full text-left text-sm" data-testid="access-log">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-3">
              When
            </th>
            <th scope="col" className="py-1 pr-3">
              Who
            </th>
            <th scope="col" className="py-1">
              What they looked at
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, i) => (
            <tr key={`${entry.at}-${i}`} className="border-b border-slate-100 align-top">
              {/* The day and the time may wrap on a phone: the table then fits its width without scrolling sideways. */}
              <td className="py-1 pr-3">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="py-1 pr-3">
                <Who by={entry.by} />
              </td>
              <td className="py-1">
                {entry.description}
                {entry.address && <span className="block text-xs text-slate-600">{entry.address}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
