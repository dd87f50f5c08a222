import "server-only";
import { embedded } from "@/lib/env";
import { readOutbox, type OutboxEntry } from "@/lib/mail/outbox";
import { redact } from "@/lib/mail/transport";
import type { SessionUser } from "@/lib/auth/roles";
import type { Caller } from "./gateway";
import { recordStaffRead } from "@/lib/services/audit/staff-reads";

/**
 * What an admin may see of a kept message. On the embedded defaults the outbox is the demo's mailbox, links and all.
 * Anywhere else it is a record: a live link (a reset or an invitation, kept before a mail server was configured) would
 * let an admin take over the account it was for, so links' tokens and mailed codes are shown redacted. Letters the
 * outbox holds for staff to print and post keep their code: printing it is their job there.
 */
export function shownCopy(entry: OutboxEntry): OutboxEntry {
  if (embedded || (entry.kind === "letter" && entry.delivery === "outbox")) return entry;
  return { ...entry, text: redact(entry.text), html: entry.html === null ? null : redact(entry.html) };
}

/**
 * The outbox as an admin reads it (the API, the page): each read is a row of the activity log. The messages name
 * people and their homes, so it is a staff read like the client list's: more than 50 in one answer, or past the
 * session's allowance through the API, asks for a recent second factor and is logged as an export.
 */
export async function outboxFor(
  caller: Caller & { user: SessionUser },
  filter: { to?: string; kind?: "email" | "letter" } = {},
  limit?: number,
  via: "api" | "page" = "api",
): Promise<OutboxEntry[]> {
  const messages = (await readOutbox(filter, limit)).map(shownCopy);
  await recordStaffRead(caller, {
    action: "outbox.read",
    bulk: "outbox.export",
    count: messages.length,
    via,
    detail: { filtered: Boolean(filter.to || filter.kind) },
  });
  return messages;
}
