import { SMTPServer } from "smtp-server";
import { freePort } from "./processes";

/** A message as it arrived: its recipients, and its text with folded headers joined and the body's quoted-printable undone. */
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

/** A real SMTP server in the test process, on a port of its own, keeping every message it is given. */
export async function smtpServer() {
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
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: decode(raw) });
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
