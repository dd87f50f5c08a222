import "server-only";
import nodemailer from "nodemailer";
import { getDatabase } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { oneLine } from "@/lib/security/one-line";

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on recurring mail. */
  headers?: Record<string, string>;
}

export interface Letter {
  /** The person and the postal address, as printed on the envelope. */
  name: string;
  address: string;
  subject: string;
  text: string;
}

/** The mail server refused or could not be reached; the message is kept in the outbox, marked `failed`. */
export class MailError extends Error {
  override readonly name = "MailError";
}

let smtp: nodemailer.Transporter | undefined;
const transporter = () => (smtp ??= nodemailer.createTransport(env.SMTP_URL!));

/**
 * Sends an email: over SMTP when SMTP_URL is set, otherwise into the outbox that admins read at /admin/outbox. Either
 * way the outbox keeps a record and the log a line (never the body: it may hold a sign-in link).
 */
export async function sendMail(mail: Message): Promise<void> {
  // Every subject on one line, whatever text of anyone's went into it.
  const message = { ...mail, subject: oneLine(mail.subject) };
  if (!env.SMTP_URL) {
    await keep({
      kind: "email",
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      delivery: "outbox",
    });
    log.info({ to: message.to, subject: message.subject, delivery: "outbox" }, "mail kept in the outbox");
    return;
  }
  try {
    await transporter().sendMail({ from: env.MAIL_FROM, ...message });
  } catch (error) {
    await keep({
      kind: "email",
      recipient: message.to,
      subject: message.subject,
      text: redact(message.text),
      html: null,
      delivery: "failed",
    });
    log.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent");
    throw new MailError("The mail server did not take the message.", { cause: error });
  }
  await keep({
    kind: "email",
    recipient: message.to,
    subject: message.subject,
    text: redact(message.text),
    html: null,
    delivery: "smtp",
  });
  log.info({ to: message.to, subject: message.subject, delivery: "smtp" }, "mail sent");
}

/** The print-and-mail provider's side: a letter is one POST; the outbox stands in for it on the embedded defaults. */
export async function sendLetter(letter: Letter): Promise<void> {
  const recipient = `${letter.name}\n${letter.address}`;
  if (env.POSTAL_API_URL) {
    const response = await fetch(env.POSTAL_API_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.POSTAL_API_KEY}` },
      body: JSON.stringify({
        to: { name: letter.name, address: letter.address },
        subject: letter.subject,
        text: letter.text,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the print-and-mail provider answered ${response.status}`);
  }
  // The code itself stays out of the copy kept when a provider prints the letter.
  await keep({
    kind: "letter",
    recipient,
    subject: letter.subject,
    text: env.POSTAL_API_URL ? redact(letter.text) : letter.text,
    html: null,
    delivery: env.POSTAL_API_URL ? "postal" : "outbox",
  });
  log.info({ to: letter.address, delivery: env.POSTAL_API_URL ? "postal" : "outbox" }, "letter sent");
}

/** Secrets (links with tokens or signatures, codes) replaced, for the copy kept of what was handed on. */
export function redact(text: string): string {
  return text
    .replace(/token=[\w-]+/g, "token=…")
    .replace(/([?&;]t=)[\w-]+/g, "$1…")
    .replace(/\b\d{6}\b/g, "••••••");
}

async function keep(row: typeof outbox.$inferInsert) {
  const { db } = await getDatabase();
  await db.insert(outbox).values(row);
}
