import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, TEST_TOKEN } from "@/lib/testing/sandbox";

const PATHS = [
  "/address/normalize",
  "/api/v1/homeowner/verify",
  "/api/v1/avm",
  "/home-equity-summary",
  "/create-owner",
];

describe("the embedded service under hostile input", () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.stop());

  it("answers any body with a JSON error or an answer, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.oneof(fc.json(), fc.string({ maxLength: 50 })),
        async (path, body) => {
          const response = await sandbox.handler(
            new Request(`http://sandbox.test${path}`, { method: "POST", headers: { Authorization: TEST_TOKEN }, body }),
          );
          expect(response.status).not.toBe(500);
          if (response.status >= 400) expect((await response.json()).message).toBeTypeOf("string");
        },
      ),
      { numRuns: 400 },
    );
  });

  it("refuses a body over a megabyte with 413", async () => {
    const response = await sandbox.handler(
      new Request("http://sandbox.test/api/v1/avm", {
        method: "POST",
        headers: { Authorization: TEST_TOKEN },
        body: "x".repeat(1_100_000),
      }),
    );
    expect(response.status).toBe(413);
  });

  it("stops reading a body with no length at the limit instead of buffering it whole", async () => {
    // A sender that never stops: the service must give up once past a megabyte, not wait for the end.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(120));
      },
    });
    const response = await sandbox.handler(
      new Request("http://sandbox.test/api/v1/avm", {
        method: "POST",
        headers: { Authorization: TEST_TOKEN },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 1000000 bytes/);
    expect(sent).toBeLessThan(2_000_000);
  });
});
