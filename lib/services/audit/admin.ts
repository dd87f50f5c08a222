import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { requireStepUp } from "@/lib/services/access";
import { audit } from "./log";
import { auditPage, auditRows, type AuditEventDto, type AuditFilter } from "./read";
import { verifyAuditChain, type ChainCheck } from "./verify";
import type { Caller } from "@/lib/services/platform/gateway";
import { recordStaffRead } from "./staff-reads";

/** The filters of an export as one line of text for its own log row ("actor=a@b.example; outcome=refused"). */
export function filterText(filter: AuditFilter): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${value instanceof Date ? value.toISOString() : String(value)}`);
  return parts.length ? parts.join("; ") : "none";
}

/**
 * Every event matching the filter, for an admin's export (read lazily, a page at a time, as the file is sent). The log
 * names people and the homes they looked at, so it needs a recent second factor, and each export is itself a row of
 * the log (a refused one too: someone tried to take it).
 */
export function exportAuditLog(user: SessionUser, filter: AuditFilter): AsyncGenerator<AuditEventDto> {
  const filters = filterText(filter);
  requireStepUp(user, "audit.export", { detail: { filters } });
  void audit({ action: "audit.export", detail: { filters } });
  return auditRows(filter);
}

/**
 * A page of the log for an admin, newest first (the API's JSON, /admin/audit). The log names people and the homes they
 * looked at: the read is itself a row, and a page of more than 50 rows is an export (a recent second factor first).
 */
export async function readAuditPage(
  caller: Caller & { user: SessionUser },
  filter: AuditFilter,
  options: { before?: number; limit?: number },
  via: "api" | "page",
) {
  const page = await auditPage(filter, options);
  await recordStaffRead(caller, {
    action: "audit.read",
    bulk: "audit.export",
    count: page.events.length,
    via,
    detail: { filters: filterText(filter) },
  });
  return page;
}

/** Checks the chain, and records that it was checked and what was found. */
export async function verifyAuditLog(): Promise<ChainCheck> {
  const check = await verifyAuditChain();
  const problems = check.problems
    .slice(0, 20)
    .map((problem) => `${problem.kind}@${problem.id}`)
    .join(",");
  void audit({
    action: "audit.verify",
    detail: { ok: check.ok, events: check.events, firstBadId: check.firstBadId, problems: problems || null },
  });
  return check;
}
