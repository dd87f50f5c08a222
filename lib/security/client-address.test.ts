import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientIpFrom, clientIpOf, installClientAddress } from "./client-address";

describe("clientIpFrom (X-Forwarded-For as completed with the socket's address)", () => {
  it("with no trusted proxy, is the socket's address whatever the client wrote", () => {
    expect(clientIpFrom("10.0.0.7", 0)).toBe("10.0.0.7");
    expect(clientIpFrom("1.2.3.4, 10.0.0.7", 0)).toBe("10.0.0.7");
    expect(clientIpFrom("1.2.3.4, 5.6.7.8, 10.0.0.7", 0)).toBe("10.0.0.7");
  });

  it("with one proxy, is the last address the proxy appended, not what the client sent before it", () => {
    // client 198.51.100.4 forged "1.2.3.4"; the proxy (10.0.0.2) appended the client; we appended the proxy.
    expect(clientIpFrom("1.2.3.4, 198.51.100.4, 10.0.0.2", 1)).toBe("198.51.100.4");
    expect(clientIpFrom("198.51.100.4, 10.0.0.2", 1)).toBe("198.51.100.4");
  });

  it("with two proxies, skips both", () => {
    expect(clientIpFrom("1.2.3.4, 198.51.100.4, 10.0.0.9, 10.0.0.2", 2)).toBe("198.51.100.4");
  });

  it("with fewer entries than hops, takes the leftmost; nothing for no header", () => {
    expect(clientIpFrom("10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientIpFrom("198.51.100.4, 10.0.0.2", 3)).toBe("198.51.100.4");
    expect(clientIpFrom("", 0)).toBeUndefined();
    expect(clientIpFrom(null, 1)).toBeUndefined();
  });

  it("spells IPv4 clients of a dual-stack socket as IPv4, and trims spaces", () => {
    expect(clientIpFrom("1.2.3.4,   ::ffff:127.0.0.1  ", 0)).toBe("127.0.0.1");
    expect(clientIpFrom("::1", 0)).toBe("::1");
  });
});

describe("installClientAddress on a real server", () => {
  async function seen(send: Record<string, string>): Promise<IncomingHttpHeaders> {
    installClientAddress();
    installClientAddress(); // twice is once
    const server = createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise((resolve, reject) => {
        request({ host: "127.0.0.1", port, localAddress: "127.0.0.1", headers: send }, (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body)));
        })
          .on("error", reject)
          .end();
      });
    } finally {
      server.close();
    }
  }
  const asHeaders = (seenHeaders: IncomingHttpHeaders) =>
    new Headers(Object.entries(seenHeaders).map(([name, value]): [string, string] => [name, String(value)]));

  it("appends the socket's address to a forged X-Forwarded-For, so hops=0 ignores the forgery", async () => {
    const headers = asHeaders(await seen({ "X-Forwarded-For": "203.0.113.66" }));
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.66, 127.0.0.1");
    expect(clientIpOf(headers, 0)).toBe("127.0.0.1");
    expect(clientIpOf(headers, 1)).toBe("203.0.113.66");
  });

  it("writes the socket's address when none was sent", async () => {
    const headers = asHeaders(await seen({}));
    expect(headers.get("x-forwarded-for")).toBe("127.0.0.1");
    expect(clientIpOf(headers, 0)).toBe("127.0.0.1");
  });

  it("says unknown for headers that did not come through the patched server, whatever they claim", () => {
    expect(clientIpOf(new Headers({ "x-forwarded-for": "203.0.113.66" }), 0)).toBe("unknown");
  });
});
