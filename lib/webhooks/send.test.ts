import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postEvent } from "./send";

describe("posting an event to a receiver", () => {
  let server: Server;
  let base = "";
  let bytesSent = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      if (request.url === "/redirect")
        return void response.writeHead(302, { Location: "http://169.254.169.254/" }).end();
      if (request.url === "/huge") {
        response.writeHead(500);
        // 10 MB, as fast as the socket takes it: the sender must stop reading at 64 kB.
        const chunk = Buffer.alloc(64 * 1024, "x");
        let left = 160;
        const write = () => {
          while (left > 0 && !response.destroyed) {
            left--;
            bytesSent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", write);
          }
          response.end();
        };
        return write();
      }
      response.writeHead(200).end(`got ${request.headers["webhook-id"]}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers with the headers given and keeps the answer's first bytes", async () => {
    expect(await postEvent(`${base}/ok`, { "webhook-id": "msg_1" }, "{}", true)).toEqual({
      status: 200,
      summary: "got msg_1",
    });
  });

  it("does not follow a redirect", async () => {
    expect((await postEvent(`${base}/redirect`, {}, "{}", true)).status).toBe(302);
  });

  it("reads at most 64 kB of an answer", async () => {
    const outcome = await postEvent(`${base}/huge`, {}, "{}", true);
    expect(outcome.status).toBe(500);
    expect(outcome.summary.length).toBeLessThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bytesSent).toBeLessThan(10 * 1024 * 1024);
  });

  it("refuses a loopback or link-local receiver unless private addresses are allowed, saying why", async () => {
    const refused = await postEvent(`${base}/ok`, {}, "{}", false);
    expect(refused).toEqual({
      status: null,
      summary: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private, loopback or link-local address/),
    });
    expect((await postEvent("http://localhost:9/ok", {}, "{}", false)).summary).toMatch(/^refused: /);
    expect((await postEvent("http://[::ffff:127.0.0.1]:9/ok", {}, "{}", false)).summary).toMatch(/^refused: /);
    expect((await postEvent("ftp://example.com/", {}, "{}", false)).summary).toBe("refused: only http and https URLs");
  });

  // The IPv6 forms that carry an IPv4 address (IPv4-compatible, IPv4-translated, 6to4, Teredo) are not a CRM's address:
  // request-filtering-agent takes ::7f00:1 for ordinary unicast, so the sender checks every address itself first.
  it.each([
    "[::7f00:1]",
    "[::127.0.0.1]",
    "[::ffff:0:7f00:1]",
    "[2002:7f00:1::]",
    "[2001::7f00:1]",
    "[64:ff9b::7f00:1]",
  ])(
    "refuses %s before connecting, saying why",
    async (host) => {
      const port = (server.address() as { port: number }).port;
      const started = Date.now();
      const outcome = await postEvent(`http://${host}:${port}/ok`, {}, "{}", false);
      expect(outcome).toEqual({
        status: null,
        summary: expect.stringMatching(/^refused: .+ is a private, loopback or link-local address/),
      });
      // As the URL writes it (::127.0.0.1 is ::7f00:1).
      expect(outcome.summary).toContain(new URL(`http://${host}/`).hostname.slice(1, -1));
      expect(Date.now() - started).toBeLessThan(1_000);
    },
    2_000,
  );

  it("refuses a name that resolves to a non-public address, checking each address the lookup gives", async () => {
    const port = (server.address() as { port: number }).port;
    const outcome = await postEvent(`http://localhost:${port}/ok`, {}, "{}", false);
    expect(outcome).toEqual({ status: null, summary: expect.stringMatching(/^refused: /) });
  });
});
