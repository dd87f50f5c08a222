import "server-only";
import { embedded } from "@/lib/env";
import { readOutbox, type OutboxEntry } from "@/lib/mail/outbox";
import { redact } from "@/lib/mail/transport";
import type { Caller } from "./gateway";
import { audit, by } from "@/lib/services/audit/log";

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

/** The outbox as an admin reads it (the API, the page): each read is a row of the activity log. */
export async function outboxFor(
  caller: Caller,
  filter: { to?: string; kind?: "email" | "letter" } = {},
  limit?: number,
): Promise<OutboxEntry[]> {
  const messages = (await readOutbox(filter, limit)).map(shownCopy);
  void audit({
    ...by(caller),
    action: "outbox.read",
    detail: { count: messages.length, filtered: Boolean(filter.to || filter.kind) },
  });
  return messages;
}
