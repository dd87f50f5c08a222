import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSecret, sealSecret, signedHeaders, signingSecrets } from "./secrets";

describe("webhook secrets and signatures", () => {
  it("makes whsec_ secrets of 32 random bytes", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });

  it("signs with every valid secret, each verifiable alone with the standardwebhooks package", () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = JSON.stringify({ type: "lead.created", timestamp: new Date().toISOString(), data: { leadId: 1 } });
    const headers = signedHeaders([current, previous], "msg_test", new Date(), body);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace("1", "2"), headers)).toThrow();
  });

  it("keeps the previous secret signing only until its time is up", () => {
    const [current, previous] = [newSecret(), newSecret()];
    const endpoint = {
      id: 7,
      secretSealed: sealSecret(7, current),
      previousSecretSealed: sealSecret(7, previous, "previous"),
    };
    const now = new Date();
    expect(signingSecrets({ ...endpoint, previousSecretUntil: new Date(now.getTime() + 1000) }, now)).toEqual([
      current,
      previous,
    ]);
    expect(signingSecrets({ ...endpoint, previousSecretUntil: new Date(now.getTime() - 1000) }, now)).toEqual([
      current,
    ]);
    // Sealed for its endpoint: another endpoint's row cannot open it.
    expect(() => signingSecrets({ ...endpoint, id: 8, previousSecretUntil: null })).toThrow();
  });
});
