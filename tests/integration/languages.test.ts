import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  call,
  deedName,
  houses,
  invitedHomeowner,
  latestMail,
  newAccount,
  sessionFrom,
  signIn,
  unique,
} from "./client";

/** A page's language as the browser is told it, and its text. */
async function page(app: { url: string }, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  const html = await response.text();
  return { status: response.status, lang: /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1], html };
}

describe("the reader's language (embedded service)", () => {
  const app = inject("apps").embedded;

  it("follows the browser's Accept-Language for a visitor who chose none", async () => {
    const spanish = await page(app, "/login", { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish.status).toBe(200);
    expect(spanish.lang).toBe("es");
    expect(spanish.html).toContain("Iniciar sesión");
    const english = await page(app, "/login", { "Accept-Language": "en-US,en;q=0.9" });
    expect(english.lang).toBe("en");
    const neither = await page(app, "/login", { "Accept-Language": "fr-FR,de;q=0.8" });
    expect(neither.lang).toBe("en");
  });

  it("keeps a visitor's choice in a cookie that outranks the browser's language", async () => {
    const chosen = await call(app, "PUT", "/api/locale", { body: { locale: "es" } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ locale: "es", saved: false });
    const cookie = /locale=es/.exec(chosen.headers.get("set-cookie") ?? "")?.[0];
    expect(cookie).toBe("locale=es");
    expect((await page(app, "/login", { Cookie: "locale=es", "Accept-Language": "en-US" })).lang).toBe("es");
    expect((await page(app, "/login", { Cookie: "locale=en", "Accept-Language": "es-MX" })).lang).toBe("en");
    // A cookie naming no language of the app is ignored, not trusted.
    expect((await page(app, "/login", { Cookie: "locale=xx", "Accept-Language": "es-MX" })).lang).toBe("es");
  });

  it("refuses a language it does not have, naming the field", async () => {
    for (const body of [{ locale: "fr" }, { locale: "" }, {}, { locale: ["es"] }]) {
      const refused = await call(app, "PUT", "/api/locale", { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toHaveProperty("locale");
    }
  });

  describe("a signed-in account", () => {
    let cookie: string;
    beforeAll(async () => {
      ({ cookie } = await newAccount(app));
    });

    it("saves the choice on the account: its pages follow it on any browser, whatever the browser asks for", async () => {
      const saved = await call(app, "PUT", "/api/locale", { cookie, body: { locale: "es" } });
      expect(saved.body).toEqual({ locale: "es", saved: true });
      // The session alone (no locale cookie), from a browser that asks for English.
      const account = await page(app, "/account", { Cookie: cookie, "Accept-Language": "en-US" });
      expect(account.status).toBe(200);
      expect(account.lang).toBe("es");
      await call(app, "PUT", "/api/locale", { cookie, body: { locale: "en" } });
      expect((await page(app, "/account", { Cookie: cookie, "Accept-Language": "es-MX" })).lang).toBe("en");
    });
  });
});

describe("the consent to be called, in the homeowner's language (embedded service)", () => {
  const app = inject("apps").embedded;

  it("is stored in the words the page showed (the account's language), whatever the request's own headers ask for", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const cookie = await invitedHomeowner(app, admin, houses(1840, 1)[0]!);
    expect((await call(app, "PUT", "/api/locale", { cookie, body: { locale: "es" } })).status).toBe(200);
    // The page shows the consent in Spanish.
    const dashboard = await (
      await fetch(`${app.url}/dashboard`, { headers: { Cookie: cookie, "Accept-Language": "en-US" } })
    ).text();
    expect(dashboard).toContain("Acepto que");
    const { propertyId } = (await call(app, "GET", "/api/owner-data", { cookie })).body.properties[0];
    const sent = await call(app, "POST", "/api/leads", {
      cookie,
      headers: { "Accept-Language": "en-US", Cookie: `${cookie}; locale=en` },
      body: { kind: "call", propertyId, phone: "(206) 555-0123", bestTime: "any", consent: true },
    });
    expect(sent.status).toBe(201);
    const lead = await call(app, "GET", `/api/leads/${sent.body.lead.id}`, { cookie: admin });
    expect(lead.body.consent.text).toMatch(/^Acepto que .* me llame/);
    expect(lead.body.consent.locale).toBe("es");
  });
});

describe("a client invited in Spanish (embedded service)", () => {
  const app = inject("apps").embedded;

  it("gets the invitation in Spanish, and the account made from it reads Spanish and gets its mail in Spanish", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const address = houses(1841, 1)[0]!;
    const email = `cliente-${unique()}@example.com`;
    const invited = await call(app, "POST", "/api/invitations", {
      cookie: admin,
      body: { email, ...deedName(address), address, locale: "es" },
    });
    expect(invited.status).toBe(201);
    const mail = await latestMail(app, admin, email);
    expect(mail.subject).toMatch(/^El panel de su vivienda en /);
    expect(mail.text).toContain("le invitó al panel de su vivienda");
    const accepted = await fetch(`${app.url}/api/invitations/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en-US" },
      body: JSON.stringify({ token: mail.token, password: "a-good-long-password" }),
    });
    expect(accepted.status).toBe(200);
    const cookie = sessionFrom(accepted)!;
    expect((await page(app, "/dashboard", { Cookie: cookie, "Accept-Language": "en-US" })).lang).toBe("es");
    // Mail follows the account: a reset link asked for in an English browser comes in Spanish.
    await call(app, "POST", "/api/account/password-reset", {
      body: { email },
      headers: { "Accept-Language": "en-US" },
    });
    expect((await latestMail(app, admin, email)).html).toContain('<html lang="es"');
  });

  it("refuses a language it does not have, naming the field, and invites in English when none is given", async () => {
    const admin = await signIn(app, app.admin.email, app.admin.password);
    const address = houses(1842, 1)[0]!;
    const refused = await call(app, "POST", "/api/invitations", {
      cookie: admin,
      body: { email: `x-${unique()}@example.com`, ...deedName(address), address, locale: "fr" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty("locale");
    const email = `client-${unique()}@example.com`;
    expect(
      (await call(app, "POST", "/api/invitations", { cookie: admin, body: { email, ...deedName(address), address } }))
        .status,
    ).toBe(201);
    expect((await latestMail(app, admin, email)).subject).toMatch(/^Your home dashboard for /);
  });
});
