import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { warmUpAfterFirstResponse } from "./dev-warm-up";

describe("the warm-up under next dev", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("asks for the pages one after another once the first page has been answered, pages with a cookie that gets past proxy.ts", async () => {
    const seen: { path: string; cookie?: string; open: number }[] = [];
    let open = 0;
    const warmed = warmUpAfterFirstResponse(["/login", "/dashboard", "/api/auth/session", "/admin"]);
    server = createServer((request, response) => {
      open++;
      seen.push({ path: request.url!, cookie: request.headers.cookie, open });
      // Each page takes a while to compile: the next must not be asked for before this one is answered.
      setTimeout(() => {
        open--;
        response.end("page");
      }, 20);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    expect(await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text()).toBe("page");
    await warmed;
    expect(seen.map((s) => s.path)).toEqual(["/", "/login", "/dashboard", "/api/auth/session", "/admin"]);
    expect(seen.slice(1).every((s) => s.open === 1)).toBe(true);
    expect(seen.slice(1).map((s) => s.cookie)).toEqual([
      "next-auth.session-token=warm-up",
      "next-auth.session-token=warm-up",
      undefined,
      "next-auth.session-token=warm-up",
    ]);
  });
});
