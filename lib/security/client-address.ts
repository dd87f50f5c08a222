import { randomBytes } from "node:crypto";
import { Server, type IncomingMessage } from "node:http";

// The name of the header that says "this request's X-Forwarded-For was completed by this process", random per process
// so that no client can send it (not even to a request that arrived before the patch below was installed).
const MARKER = Symbol.for("homeowner-dashboard.client-address-header");
const globalForMarker = globalThis as unknown as { [MARKER]?: string };

/**
 * Makes every request's X-Forwarded-For end with the socket's own address, the way one more proxy hop would. Next.js
 * keeps a client-sent X-Forwarded-For and drops the socket's address (`??=`), so without this the client would choose
 * its own IP. Runs once per process, from instrumentation's register(), before Next.js reads any header it touches.
 */
export function installClientAddress(): void {
  if (globalForMarker[MARKER]) return;
  const marker = `x-client-address-${randomBytes(8).toString("hex")}`;
  globalForMarker[MARKER] = marker;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") recordPeer(args[0] as IncomingMessage, marker);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

function recordPeer(request: IncomingMessage, marker: string): void {
  const peer = request.socket?.remoteAddress;
  if (!peer) return;
  const sent = request.headers["x-forwarded-for"];
  const chain = (Array.isArray(sent) ? sent.join(", ") : (sent ?? "")).trim();
  request.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  request.headers[marker] = peer;
}

/**
 * The client's address by the trusted-proxy rule. X-Forwarded-For here always ends with the socket's address (see
 * above); `hops` is how many proxies of ours stand in front of the app. 0: the socket's address (the last entry).
 * N: the N-th entry left of it, the address our outermost proxy saw (each proxy appends its peer, so one proxy (N=1)
 * makes the client the last entry it sent). Entries further left were written by the client and are never used; when
 * there are fewer entries than hops, the leftmost one.
 */
export function clientIpFrom(forwardedFor: string | null | undefined, hops: number): string | undefined {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chosen = entries[Math.max(0, entries.length - 1 - hops)];
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; one address, one spelling.
  return chosen?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 100);
}

/** The client's address of a request whose headers went through installClientAddress; "unknown" for any other. */
export function clientIpOf(headers: Headers, hops: number): string {
  const marker = globalForMarker[MARKER];
  if (!marker || !headers.has(marker)) return "unknown";
  return clientIpFrom(headers.get("x-forwarded-for"), hops) ?? "unknown";
}
