import { describe, expect, inject, it } from "vitest";

// Findings of the security review, each proved against the built app.

describe("sign-in's callback URL", () => {
  const app = inject("apps").embedded;
  // The path the login page hands its form, as written into the page's RSC payload.
  const callbackOf = async (callbackUrl: string) => {
    const html = await (await fetch(`${app.url}/login?callbackUrl=${encodeURIComponent(callbackUrl)}`)).text();
    return /\{\\"callbackUrl\\":\\"(.*?)\\"\}/.exec(html)?.[1];
  };

  it.each(["/\\evil.example/", "//evil.example", "/%5Cevil.example", "https://evil.example", "javascript:alert(1)", "\t/evil.example"])("never leads to another site: %j", async (hostile) => {
    expect(await callbackOf(hostile)).toBe("/start");
  });

  it("keeps a path on this site", async () => {
    expect(await callbackOf("/lookup?address=1")).toBe("/lookup?address=1");
  });
});

describe("a chunked body with no Content-Length", () => {
  const app = inject("apps").embedded;

  it("is refused with 413 once past the limit, without being read to the end", async () => {
    const total = 100 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        controller.enqueue(chunk);
        pulled += chunk.byteLength;
      },
    });
    const response = await fetch(`${app.url}/api/signup`, { method: "POST", body, duplex: "half", headers: { "Content-Type": "application/json" } } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("too_large");
    // Socket buffers take a few MB more; reading it all would pull the whole 100 MB.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pulled).toBeLessThan(total / 5);
  });
});
