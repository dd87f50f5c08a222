import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { addPasskey, call, credentialsCallback, provedAccount, signIn, unique } from "./client";

/**
 * Text that is not text (issue 38, item 2): lone UTF-16 surrogates (JSON carries "\ud800"), NUL, 100 kB strings and
 * mixed scripts, through every way a person's words reach the database. None may answer 500, none may stop the
 * activity log: afterwards the log verifies, and an event recorded after them arrived.
 */

const HOSTILE = [
  "\ud800",
  "\udfff",
  "a\ud83d",
  "\u0000",
  "x\u0000y",
  "Ω≈ç√∫˜µ≤",
  "مرحبا",
  "日本語",
  "🏠👩‍👩‍👧",
  "e\u0301",
  "\u202eevil",
  "\ufeff",
];
/** A few hostile pieces glued around ordinary words, now and then 100 kB long. */
const hostile = fc
  .tuple(
    fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 3 }),
    fc.string({ maxLength: 6 }),
    fc.boolean(),
  )
  .map(([pieces, word, huge]) => `${word}${pieces.join(word)}${huge ? "z".repeat(100_000) : ""}`);
const broken = (text: string) => !text.isWellFormed() || text.includes("\u0000");

describe("hostile text through sign-up, sign-in, passkey names, client import and admin forms", () => {
  const app = inject("apps").embedded;
  let admin: string;
  let officer: string;
  let homeowner: { cookie: string; email: string };
  let passkeyId: string;
  beforeAll(async () => {
    admin = await signIn(app, app.admin.email, app.admin.password);
    const officerEmail = `text-officer-${unique()}@example.com`;
    expect(
      (
        await call(app, "POST", "/api/admin/users", {
          cookie: admin,
          body: { email: officerEmail, password: "officer-long-password", role: "loan_officer" },
        })
      ).status,
    ).toBe(201);
    officer = await signIn(app, officerEmail, "officer-long-password");
    homeowner = await provedAccount(app, admin);
    await addPasskey(app, homeowner.email, homeowner.cookie, "Phone");
    passkeyId = (await call(app, "GET", "/api/account/security", { cookie: homeowner.cookie })).body.passkeys[0].id;
  });

  it("answers each with a 4xx naming the field, or keeps it as typed; the log verifies and keeps recording", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        const replies = [
          [
            "signup",
            await call(app, "POST", "/api/signup", {
              body: { email: `${text}@example.com`, password: "a-good-long-password" },
            }),
          ],
          [
            "passkey name",
            await call(app, "PATCH", `/api/account/passkeys/${passkeyId}`, {
              cookie: homeowner.cookie,
              body: { name: text.slice(0, 60) },
            }),
          ],
          [
            "client import",
            await call(app, "POST", "/api/clients/import", {
              cookie: officer,
              body: { csv: `name,email,address\n${text.slice(0, 200)},x@example.com,1 Main St` },
            }),
          ],
          [
            "admin form",
            await call(app, "POST", "/api/admin/users", {
              cookie: admin,
              body: { email: `${text}@example.com`, password: text, role: "loan_officer" },
            }),
          ],
          [
            "admin site",
            await call(app, "POST", "/api/admin/sites", {
              cookie: admin,
              body: { name: text.slice(0, 200), allowedOrigins: ["https://x.example"], dailyBudget: 1 },
            }),
          ],
        ] as const;
        for (const [what, reply] of replies) {
          expect([what, reply.status < 500]).toEqual([what, true]);
          // A string the database could not keep as typed is refused (a body past its size limit: 413), naming the
          // field it was in.
          if (broken(text)) {
            expect([what, reply.status === 400 || reply.status === 413]).toEqual([what, true]);
            if (reply.status === 400) expect(Object.keys(reply.body.error?.fields ?? {}).length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 12, seed: 3838 },
    );
    // The sign-in form: a few refusals (each counts against this client address's allowance, shared by every test of
    // these apps), each with its email in the log.
    for (const text of ["\u0000", "x\u0000y", "日本語🏠", "z".repeat(300)])
      expect((await credentialsCallback(app, `${text}@example.com`, "not-the-password")).status).toBeLessThan(500);
    // An event after all of them arrives, and the log is whole.
    const marker = `text-marker-${unique()}@example.com`;
    await credentialsCallback(app, marker, "not-the-password");
    await expect
      .poll(
        async () =>
          (await call(app, "GET", `/api/admin/audit?actor=${encodeURIComponent(marker)}`, { cookie: admin })).body
            .events?.length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    const verified = await call(app, "GET", "/api/admin/audit/verify", { cookie: admin });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ ok: true, firstBadId: null });
  });
});

describe("a path segment that does not decode", () => {
  const app = inject("apps").embedded;
  it("answers 400 naming the path, never a 500, for a malformed percent-escape in a route's segment", async () => {
    for (const [method, path] of [
      ["PATCH", "/api/account/passkeys/%ED%A0%80"],
      ["DELETE", "/api/admin/users/%E0%A4%A"],
      ["POST", "/api/clients/%C0/refresh"],
      ["GET", "/api/owner-figures/%FF"],
    ] as const) {
      const reply = await fetch(`${app.url}${path}`, {
        method,
        headers: { Origin: app.url, "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect([path, reply.status]).toEqual([path, 400]);
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe("invalid_path");
    }
  });
});
