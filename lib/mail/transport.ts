import "server-only";
import nodemailer from "nodemailer";
import { getDatabase } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Letter {
  /** The person and the postal address, as printed on the envelope. */
  name: string;
  address: string;
  subject: string;
  text: string;
}

let smtp: nodemailer.Transporter | undefined;
const transporter = () => (smtp ??= nodemailer.createTransport(env.SMTP_URL!));

/**
 * Sends an email: over SMTP when SMTP_URL is set, otherwise into the outbox that admins read at /admin/outbox. Either
 * way the outbox keeps a record and the log a line (never the body: it may hold a sign-in link).
 */
export async function sendMail(message: Message): Promise<void> {
  if (env.SMTP_URL) await transporter().sendMail({ from: env.MAIL_FROM, ...message });
  await keep({ kind: "email", recipient: message.to, subject: message.subject, text: env.SMTP_URL ? redact(message.text) : message.text, html: env.SMTP_URL ? null : message.html, delivery: env.SMTP_URL ? "smtp" : "outbox" });
  log.info({ to: message.to, subject: message.subject, delivery: env.SMTP_URL ? "smtp" : "outbox" }, "mail sent");
}

/** The print-and-mail provider's side: a letter is one POST; the outbox stands in for it on the embedded defaults. */
export async function sendLetter(letter: Letter): Promise<void> {
  const recipient = `${letter.name}\n${letter.address}`;
  if (env.POSTAL_API_URL) {
    const response = await fetch(env.POSTAL_API_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.POSTAL_API_KEY}` },
      body: JSON.stringify({ to: { name: letter.name, address: letter.address }, subject: letter.subject, text: letter.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the print-and-mail provider answered ${response.status}`);
  }
  // The code itself stays out of the copy kept when a provider prints the letter.
  await keep({ kind: "letter", recipient, subject: letter.subject, text: env.POSTAL_API_URL ? redact(letter.text) : letter.text, html: null, delivery: env.POSTAL_API_URL ? "postal" : "outbox" });
  log.info({ to: letter.address, delivery: env.POSTAL_API_URL ? "postal" : "outbox" }, "letter sent");
}

/** Secrets (links with tokens, codes) replaced, for the copy kept of what was handed on. */
function redact(text: string): string {
  return text.replace(/token=[\w-]+/g, "token=…").replace(/\b\d{6}\b/g, "••••••");
}

async function keep(row: typeof outbox.$inferInsert) {
  const { db } = await getDatabase();
  await db.insert(outbox).values(row);
}
