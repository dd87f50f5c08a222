import { once } from "node:events";
import { connect } from "node:net";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTime } from ".";

/** Keeps the event loop busy for `ms`, as a server at full load does between two reads of its sockets. */
const busy = (ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end;);
};

describe("inTime: waiting for Redis, fairly", () => {
  // A server that answers at once, as Redis does, on a thread of its own (as Redis is another process).
  const server = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const server = require("node:net").createServer((socket) => {
       socket.on("data", () => socket.write("+OK\\r\\n"));
       // A client that closes with an answer unread resets the connection: not this test's concern.
       socket.on("error", () => {});
     });
     server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));`,
    { eval: true },
  );
  let port: number;
  beforeAll(async () => {
    [port] = (await once(server, "message")) as [number];
  });
  afterAll(() => server.terminate());

  const ask = async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    const answer = once(socket, "data").then(([data]) => String(data));
    socket.write("PING\r\n");
    return { answer, close: () => socket.destroy() };
  };

  it("takes an answer that came in while the process was too busy to read it", async () => {
    const { answer, close } = await ask();
    const waited = inTime(answer, 20, "ping");
    // The answer arrives within a millisecond, but the process reads it only after its timers are due.
    busy(250);
    await expect(waited).resolves.toBe("+OK\r\n");
    close();
  });

  it("gives up on an answer that does not come", async () => {
    await expect(inTime(new Promise(() => {}), 20, "ping")).rejects.toThrow("ping: no answer within 20 ms");
  });

  it("a plain timer would have given up on the first one", async () => {
    const { answer, close } = await ask();
    const plain = Promise.race([
      answer,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 20)),
    ]);
    busy(250);
    await expect(plain).rejects.toThrow("timed out");
    close();
  });
});
