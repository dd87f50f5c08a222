import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { isPublicAddress } from "./address-check";

/** A receiver's answer is read up to this many bytes, then the connection is dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const TIMEOUT_MS = 10_000;
/** What the delivery log keeps of an answer. */
const SUMMARY_CHARS = 500;

export type SendOutcome = { status: number; summary: string } | { status: null; summary: string };

/** A receiver's address that is not public: the request is refused before it connects. */
class PrivateAddress extends Error {
  constructor(readonly address: string) {
    super(`${address} is not a public address`);
    this.name = "PrivateAddress";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * DNS resolution that refuses a name when any address it resolves to is not public (by the same rule as registration,
 * lib/webhooks/address-check.ts): request-filtering-agent takes some IPv6 forms that carry an IPv4 address (`::7f00:1`)
 * for ordinary unicast. It runs at connection time, so no DNS answer between a check and the connection can move it.
 */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) return callback(new PrivateAddress(refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

// Kept-alive connections, one pool per kind: a busy CRM gets many events a second. The filtering agents check the
// address a name resolves to at connection time (request-filtering-agent's rules, and ours through publicLookup).
const agents = {
  filtered: {
    http: new RequestFilteringHttpAgent({ keepAlive: true, maxSockets: 64, lookup: publicLookup }),
    https: new RequestFilteringHttpsAgent({ keepAlive: true, maxSockets: 64, lookup: publicLookup }),
  },
  open: {
    http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
  },
};

/** Why a request was refused before it left, in the words the delivery log shows. */
const refusedAddress = (address: string) =>
  `refused: ${address} is a private, loopback or link-local address (set WEBHOOKS_ALLOW_PRIVATE=true to allow it)`;

function reasonOf(error: unknown): string {
  if (error instanceof PrivateAddress) return refusedAddress(error.address);
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed\. Because,? It is (private|meta)/i.test(message))
    return refusedAddress(/DNS lookup (\S+?)\(/.exec(message)?.[1] ?? "the address");
  if (error instanceof Error && error.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string }).code;
  return code ? `${code}: ${message}` : message;
}

/** Reads at most MAX_RESPONSE_BYTES of an answer, as text for the log. */
function readSome(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Kept as text the database takes: no NUL, no lone surrogate (a receiver may answer anything).
    const done = () =>
      resolve(
        Buffer.concat(chunks)
          .toString("utf8")
          .slice(0, SUMMARY_CHARS)
          .replace(/\u0000/g, "")
          .toWellFormed(),
      );
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk.subarray(0, Math.max(0, MAX_RESPONSE_BYTES - size)));
      size += chunk.length;
      if (size >= MAX_RESPONSE_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on("end", done);
    response.on("error", done);
    response.on("close", done);
  });
}

/**
 * POSTs a signed event to a receiver: 10 s in all, redirects not followed (a 3xx is a failure), the answer read up to
 * 64 kB. Private addresses are refused after DNS resolution unless `allowPrivate`. Never throws: the outcome says what
 * happened (`status` null when no answer came).
 */
export function postEvent(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ status: null, summary: "refused: not a URL" });
    }
    const https = target.protocol === "https:";
    if (!https && target.protocol !== "http:")
      return resolve({ status: null, summary: "refused: only http and https URLs" });
    // An address written in the URL is not looked up, so it is checked here, by the same rule.
    const literal = target.hostname.replace(/^\[(.*)\]$/, "$1");
    if (!allowPrivate && isIP(literal) !== 0 && !isPublicAddress(literal))
      return resolve({ status: null, summary: refusedAddress(literal) });
    const pool = allowPrivate ? agents.open : agents.filtered;
    const request = (https ? httpsRequest : httpRequest)(
      target,
      {
        method: "POST",
        agent: https ? pool.https : pool.http,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "homeowner-dashboard-webhooks/1",
          ...headers,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        void readSome(response).then((text) => resolve({ status: response.statusCode ?? 0, summary: text }));
      },
    );
    request.on("error", (error) => resolve({ status: null, summary: reasonOf(error) }));
    request.end(body);
  });
}
