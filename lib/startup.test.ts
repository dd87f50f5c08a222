import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { afterNextResponse, registerStartup, startAfterNextResponse, started } from "./startup";

const globalForStartup = globalThis as unknown as { appStartup?: unknown };

describe("the server's start-up", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    delete globalForStartup.appStartup;
  });

  it("runs once however many ask for it, and not at all where none was registered", async () => {
    await expect(started()).resolves.toBeUndefined();
    let runs = 0;
    registerStartup(async () => void runs++);
    await Promise.all([started(), started(), started()]);
    expect(runs).toBe(1);
  });

  it("waits for a response to be sent before it begins (the first page under next dev), then begins by itself", async () => {
    const order: string[] = [];
    let begun!: () => void;
    const begins = new Promise<void>((resolve) => (begun = resolve));
    registerStartup(async () => {
      order.push("start-up");
      begun();
    });
    startAfterNextResponse();
    server = createServer((_request, response) => {
      order.push("response");
      response.end("page");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    expect(order).toEqual([]);
    const reply = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await reply.text()).toBe("page");
    await begins;
    expect(order).toEqual(["response", "start-up"]);
  });

  it("counts a response already being answered when it was asked (the first page, before instrumentation registered)", async () => {
    let answer!: () => void;
    server = createServer((_request, response) => void (answer = () => response.end("page")));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const reply = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/first`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = new Promise<string | undefined>((resolve) => afterNextResponse((request) => resolve(request.url)));
    answer();
    expect(await (await reply).text()).toBe("page");
    await expect(after).resolves.toBe("/first");
  });
});
