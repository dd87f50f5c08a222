import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { issueLeadChallenge, leadingZeroBits, solves, spendLeadStamp } from "./widget-challenge";

const solve = (challenge: string, bits: number) => {
  for (let i = 0; ; i++) if (solves(challenge, String(i), bits)) return String(i);
};
const later = (seconds: number) => Date.now() + seconds * 1000;

describe("the widget lead form's proof of work", () => {
  it("counts leading zero bits across bytes", () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(Uint8Array.from([0, 0x01]))).toBe(15);
    expect(leadingZeroBits(Uint8Array.from([0xff]))).toBe(0);
  });

  it("accepts a solved challenge once, after the minimum time, and refuses it again", async () => {
    const { challenge, bits } = issueLeadChallenge("site_unit");
    const solution = solve(challenge, bits);
    expect(leadingZeroBits(createHash("sha256").update(`${challenge}:${solution}`).digest())).toBeGreaterThanOrEqual(
      bits,
    );
    await expect(
      spendLeadStamp("site_unit", challenge, solution, later(env.WIDGET_LEAD_MIN_SECONDS + 1)),
    ).resolves.toEqual({ locale: "en" });
    await expect(
      spendLeadStamp("site_unit", challenge, solution, later(env.WIDGET_LEAD_MIN_SECONDS + 1)),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a forged, another site's, an early and an expired challenge", async () => {
    const { challenge, bits } = issueLeadChallenge("site_unit");
    const solution = solve(challenge, bits);
    const forged = challenge.replace("site_unit", "site_unix");
    await expect(spendLeadStamp("site_unix", forged, solve(forged, bits), later(60))).rejects.toMatchObject({
      status: 400,
    });
    await expect(spendLeadStamp("site_other", challenge, solution, later(60))).rejects.toMatchObject({ status: 400 });
    if (env.WIDGET_LEAD_MIN_SECONDS > 0)
      await expect(spendLeadStamp("site_unit", challenge, solution, Date.now())).rejects.toMatchObject({ status: 403 });
    await expect(spendLeadStamp("site_unit", challenge, solution, later(3600))).rejects.toMatchObject({ status: 403 });
  });
});

describe("the widget lead form's challenge and its language", () => {
  it("carries the language the frame showed, signed: what the consent and the mail are written in", async () => {
    const { challenge, bits } = issueLeadChallenge("site_unit", Date.now(), "es");
    const spent = await spendLeadStamp("site_unit", challenge, solve(challenge, bits), later(60));
    expect(spent).toEqual({ locale: "es" });
    // Changing the language in the challenge breaks its signature.
    const swapped = challenge.replace(".es.", ".en.");
    expect(swapped).not.toBe(challenge);
    await expect(spendLeadStamp("site_unit", swapped, solve(swapped, bits), later(60))).rejects.toMatchObject({
      status: 400,
    });
  });
});
