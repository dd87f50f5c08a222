import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** Serves a web-standard handler from Node's HTTP server. */
export function toNodeHandler(handler: (request: Request) => Promise<Response>, origin: string): RequestListener {
  return async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
        else if (value !== undefined) headers.set(name, value);
      }
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      const request = new Request(new URL(incoming.url ?? "/", origin), {
        method: incoming.method,
        headers,
        body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
        duplex: "half",
      } as RequestInit);
      const response = await handler(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(outgoing);
      else outgoing.end();
    } catch (error) {
      console.error("sandbox server:", error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { "Content-Type": "application/json" });
      outgoing.end(JSON.stringify({ status: 500, message: "Unexpected server error" }));
    }
  };
}
