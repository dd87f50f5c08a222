import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- next.config.mjs is plain JavaScript, without a declaration file
import config from "../../next.config.mjs";

const nextConfig = config as (phase: string) => NextConfig;

async function pageCsp(phase: string): Promise<string> {
  const rules = await nextConfig(phase).headers!();
  return rules.flatMap((rule) => rule.headers).find((header) => header.key === "Content-Security-Policy")!.value;
}

describe("the pages' Content-Security-Policy", () => {
  it("lets React's development build use eval under next dev, so pages show no CSP issue there", async () => {
    expect(await pageCsp(PHASE_DEVELOPMENT_SERVER)).toContain("'unsafe-eval'");
  });

  it.each([PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER])("never allows eval in %s", async (phase) => {
    const csp = await pageCsp(phase);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("object-src 'none'");
  });
});
