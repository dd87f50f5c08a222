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
