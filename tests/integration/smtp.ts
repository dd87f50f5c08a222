import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { freePort } from "./processes";

/**
 * A message as it arrived: its recipients, and its text with folded headers joined and the body's quoted-printable
 * undone.
 */
export interface Mail {
  to: string;
  raw: string;
}

/**
 * Folded headers joined, quoted-printable undone in the body only: enough to read headers, links, codes and figures.
 * (The headers are not quoted-printable: undoing it there turned an unsubscribe link's `t=4F…` or `u=12` into other
 * characters whenever the signature or the id began with two hex digits.)
 */
function decode(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, " ");
  const body = raw
    .slice(end)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return head + body;
}

/**
 * A real SMTP server in the test process, on a port of its own, keeping every message it is given; with `dir`, each
 * also as a file there (before the server says it took it), for test files in other processes (`mailsIn`).
 */
export async function smtpServer(options: { dir?: string } = {}) {
  const port = await freePort();
  const mails: Mail[] = [];
  let server: SMTPServer | undefined;
  const start = () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: decode(raw) };
          mails.push(mail);
          if (options.dir)
            writeFileSync(join(options.dir, `${String(mails.length).padStart(8, "0")}.json`), JSON.stringify(mail));
          callback();
        });
      },
    });
    return new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await start();
  return { url: `smtp://127.0.0.1:${port}`, mails, start, stop };
}

/** The mails an `smtpServer({ dir })` kept in `dir`, oldest first. */
export function mailsIn(dir: string): Mail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as Mail);
}

/** RFC 2047's encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes a subject that is not ASCII. */
const decodeWords = (text: string) =>
  text.replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset: string, encoding: string, word: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(word, "base64").toString("utf8")
      : Buffer.from(
          word
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );

/** The part of a (decoded) message with this content type: its body, base64 undone. */
function partOf(raw: string, type: string): string | null {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, "mi"));
  if (start < 0) return null;
  const rest = raw.slice(start);
  const headEnd = rest.search(/\r?\n\r?\n/);
  const head = rest.slice(0, headEnd);
  const body = rest.slice(headEnd).replace(/^\s+/, "");
  const end = body.search(/\r?\n--[^\r\n]+/);
  const content = end < 0 ? body : body.slice(0, end);
  return /Content-Transfer-Encoding:\s*base64/i.test(head) ? Buffer.from(content, "base64").toString("utf8") : content;
}

/** A message as the outbox API shows one: its subject, text and HTML. */
export function partsOf(mail: Mail): { recipient: string; subject: string; text: string; html: string | null } {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
  const subject = decodeWords(/^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? "");
  return {
    recipient: mail.to,
    subject,
    text: partOf(mail.raw, "text/plain") ?? "",
    html: partOf(mail.raw, "text/html"),
  };
}
