import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import { softAssertion } from "@/lib/testing/soft-passkey";
import { DEMO, type DemoRole, dataDirOf, demoStaffPasskey, isDemoStaff, sessionFile } from "./staff";

/**
 * Every journey also proves the API token never reaches the browser: each response the page receives is searched
 * for the canary token the app was started with.
 */
export const test = base.extend<{ tokenWatch: void }>({
  tokenWatch: [
    async ({ page }, use) => {
      const token = process.env.CANARY_TOKEN;
      const leaks: string[] = [];
      const pending: Promise<void>[] = [];
      if (token) {
        page.on("response", (response) => {
          // A body that never completes (a stream cut off by a navigation) is given up on after a few seconds.
          const body = Promise.race([
            response.body(),
            new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3_000)),
          ]);
          pending.push(
            body
              .then((bytes) => {
                if (bytes?.includes(token)) leaks.push(response.url());
              })
              .catch(() => undefined),
          );
        });
      }
      await use();
      await Promise.all(pending);
      expect(leaks, "responses that carried the API token").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * No serious or critical finding of axe on the page. A page without frames is checked in one pass (`axe.run`, the
 * builder's legacy mode): the same rules on the same document, without the blank page and second copy of axe that
 * checking each frame apart and merging needs (a second or more a check on this machine). Only violations are kept.
 */
export async function expectNoSeriousViolations(page: Page) {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (page.frames().length === 1 ? axe.setLegacyMode() : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Screenshots for a person to look at are taken only when asked for (`E2E_SCREENSHOTS=1`): nothing reads them, and a
 * failing journey gets Playwright's own screenshot of where it failed (`screenshot: "only-on-failure"`).
 */
export const keepScreenshots = !!process.env.E2E_SCREENSHOTS;

/** Full-page screenshots at desktop and phone width, kept in the test's output folder and attached (when asked for). */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (!keepScreenshots) return;
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 360],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${label}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Every valuation amount on the page sits inside the branded `service-estimate` component: the amounts shown in the
 * boxes are read, and the rest of the page must not show them.
 */
export async function expectValuationsBranded(page: Page) {
  const outside = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="service-estimate"]')];
    const amounts = new Set(boxes.flatMap((box) => box.textContent?.match(/\$\d{1,3}(,\d{3})+/g) ?? []));
    const clone = document.body.cloneNode(true) as HTMLElement;
    // Equity figures are not valuations, even when (with no loans) equity equals the estimate.
    clone
      .querySelectorAll('[data-testid="service-estimate"], [data-equity], script, style')
      .forEach((node) => node.remove());
    const rest = clone.textContent ?? "";
    return { boxes: boxes.length, leaked: [...amounts].filter((amount) => rest.includes(amount)) };
  });
  expect(outside.boxes).toBeGreaterThan(0);
  expect(outside.leaked, "valuation amounts shown outside the branded component").toEqual([]);
}

/**
 * Signs in through the login form, and lands where the form sends each role. The demo officer and admin sign in with
 * a passkey (see e2e/staff.ts), through the browser's own requests, so the page carries the session from then on;
 * e2e/second-factor.spec.ts signs staff in through the form with codes and passkeys. Journeys on the journeys' app take
 * the demo accounts' saved sessions instead (`signedInAs`); this is for the setup project, other accounts and the app
 * under faults.
 */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  if (isDemoStaff(email)) {
    const origin = new URL(page.url()).origin;
    const key = await demoStaffPasskey(origin, email, password);
    const options = await (await page.request.post("/api/passkeys/sign-in-options", { data: {} })).json();
    const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
    const answer = JSON.stringify(softAssertion(key, options, origin));
    const signedIn = await page.request.post("/api/auth/callback/passkey", {
      form: { csrfToken, response: answer, json: "true" },
    });
    expect(
      new URL((await signedIn.json()).url).searchParams.get("error"),
      `${email} signs in with the journeys' passkey`,
    ).toBeNull();
    await page.goto("/start");
    return;
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * The page takes the session of a demo account that the setup project (e2e/sessions.setup.ts) signed in once for
 * every journey, in place of any it had, and opens `path`: by default where a sign-in sends that role. Staff also give their
 * second factor in it again with the journeys' passkey (`POST /api/account/second-factor`, as the step-up dialog
 * does), so a sensitive action finds it recent however long the run has gone on, as it would right after a sign-in.
 * Such a session must not be signed out: signing out ends it on the server for every journey after.
 */
export async function signedInAs(page: Page, role: DemoRole, path = "/start") {
  const context = page.context();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  expect(dataDirOf(origin), "the demo accounts' sessions are saved for the journeys' app only").toBe(".data/e2e");
  const saved = JSON.parse(readFileSync(sessionFile(role), "utf8")) as {
    cookies: Parameters<typeof context.addCookies>[0];
  };
  await context.clearCookies();
  await context.addCookies(saved.cookies);
  if (role !== "homeowner") await giveDemoPasskey(page.request, origin, role);
  await page.goto(path);
}

/** A demo staff account gives its second factor in the session `api` carries, with the journeys' passkey. */
async function giveDemoPasskey(api: APIRequestContext, origin: string, role: "officer" | "admin") {
  const key = await demoStaffPasskey(origin, DEMO[role].email, DEMO[role].password);
  const options = await (await api.post(`${origin}/api/account/second-factor/options`)).json();
  const given = await api.post(`${origin}/api/account/second-factor`, {
    data: { passkey: softAssertion(key, options, origin) },
  });
  expect(given.status(), `the demo ${role} gives the journeys' passkey`).toBe(200);
}

/** Creates a homeowner account through the sign-up form; the new homeowner lands on onboarding. */
export async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-good-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Add your home" })).toBeVisible();
}

/**
 * What the admin reads in the outbox (/admin/outbox), in a browser of its own: the newest letter's 6-digit code for
 * an address, or the newest email's link for a recipient.
 */
export async function fromOutbox(browser: Browser, what: { letterTo: string } | { emailTo: string }): Promise<string> {
  // The admin reads the outbox in English, whatever language the journey reads in.
  const context = await browser.newContext({ locale: "en-US" });
  try {
    const admin = await context.newPage();
    // The journeys' app has the admin's saved session; the app under faults (its own data) is signed in to.
    if (dataDirOf(new URL(test.info().project.use.baseURL!).origin) === ".data/e2e")
      await signedInAs(admin, "admin", "/admin/outbox");
    else {
      await signIn(admin, DEMO.admin.email, DEMO.admin.password);
      await expect(admin.getByRole("heading", { name: "Admin" })).toBeVisible();
      await admin.goto("/admin/outbox");
    }
    const kind = "letterTo" in what ? "Letter" : "Email";
    const to = "letterTo" in what ? what.letterTo : what.emailTo;
    const message = admin
      .getByRole("article")
      .filter({ hasText: `${kind} to` })
      .filter({ hasText: to })
      .first();
    await expect(message).toBeVisible();
    if ("letterTo" in what) return (await message.locator("pre").textContent())!.match(/\b\d{6}\b/)![0];
    const html = (await message.locator("iframe").getAttribute("srcdoc"))!;
    return html.match(/href="([^"]+)"/)![1]!.replace(/&#38;/g, "&");
  } finally {
    await context.close();
  }
}
