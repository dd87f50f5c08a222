import { readFileSync } from "node:fs";
import { request as newRequest, type APIRequestContext, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { totpCode } from "@/lib/auth/totp";
import { expect, expectNoSeriousViolations, keepScreenshots, test } from "./fixtures";
import { freshDemoCode } from "./staff";

// Issue 28 in the browser: staff enrol a second factor before anything else, sign in with a code or a passkey,
// recovery codes work once, a homeowner signs in with a passkey alone. The journeys share one new officer, in order.
test.describe.configure({ mode: "serial" });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const officer = { email: `officer-28-${stamp}@example.com`, password: "second-factor-journeys-28" };
const homeowner = { email: `owner-28-${stamp}@example.com`, password: "a-good-long-password" };
let secret = "";
let recoveryCodes: string[] = [];

/** A code's 30-second step is good once per account: each code given is of a step after the last one given. */
const lastStep = new Map<string, number>();
const stepNow = () => Math.floor(Date.now() / 1000 / 30);
async function freshCode(key: string): Promise<string> {
  const last = lastStep.get(key) ?? 0;
  // The server takes the next step's code too (clock drift): use it rather than wait, once.
  let step = Math.max(stepNow(), last + 1);
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, TOTP.remaining({ period: 30 }) + 200));
    step = Math.max(stepNow(), last + 1);
  }
  lastStep.set(key, step);
  return totpCode(key, step * 30_000 + 1_000);
}

/** Signs an API client in through next-auth's credentials provider (what the login form's signIn() posts). */
async function apiSignIn(api: APIRequestContext, fields: Record<string, string>) {
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await api.post("/api/auth/callback/credentials", { form: { ...fields, csrfToken, json: "true" } });
  const security = await api.get("/api/account/security");
  expect(security.status(), "signed in").toBe(200);
  return (await security.json()) as { secondFactor: string };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const codeField = (page: Page) =>
  page.getByLabel("Enter the 6-digit code from your authenticator app, or a recovery code");

async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** Chromium's virtual authenticator: a platform passkey store that answers at once, user verified. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Nothing wider than a phone, measured. Screenshots at desktop width and at the phone's are kept with the test's output
 * when asked for (`E2E_SCREENSHOTS=1`), and the phone's when the page is too wide.
 */
async function fitsThePhone(page: Page, name: string) {
  if (keepScreenshots) await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  // Charts take their width from a resize observer: give the page a moment to fit the narrower window.
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3_000 })
    .catch(() => undefined);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  if (keepScreenshots || widths.page > widths.screen)
    await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  expect(widths.page, `${name} is wider than a ${PHONE.width} px phone`).toBeLessThanOrEqual(widths.screen);
  await page.setViewportSize({ width: 1280, height: 800 });
}

let admin: APIRequestContext;

test.beforeAll(async ({}, testInfo) => {
  // Two sign-ins' password hashing and an account's creation: on a loaded machine they took more than the 30 s a hook
  // has by default, and the journeys then passed only on their retry.
  testInfo.setTimeout(90_000);
  // The demo admin, through the API with a code of its authenticator (derived from this server's secret) that no other
  // journey used.
  admin = await newRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  const state = await apiSignIn(admin, {
    email: "admin@example.com",
    password: "admin-demo",
    code: await freshDemoCode(testInfo.project.use.baseURL!, "admin@example.com"),
  });
  expect(state.secondFactor).toBe("given");
  const created = await admin.post("/api/admin/users", { data: { ...officer, role: "loan_officer" } });
  expect(created.status()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
});

test("a new officer is held on the security page until they enrol an authenticator app, then signs in with password and code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await passwordStep(page, officer.email, officer.password);
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole("heading", { name: "Sign-in and security", level: 1 })).toBeVisible();
  await expect(page.getByTestId("enrolment-notice")).toContainText(
    "Loan officers and admins must sign in with their password and a second factor",
  );
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "enrolment");

  // Nothing else opens: pages send the officer back, the API answers 403.
  await page.goto("/lookup");
  await expect(page).toHaveURL(/\/account\/security$/);
  await page.goto("/clients");
  await expect(page).toHaveURL(/\/account\/security$/);
  const refused = await page.request.get("/api/clients");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("second_factor_enrolment_required");

  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousViolations(page);
  await page.getByLabel("Then enter the 6-digit code the app shows").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Turn on the authenticator app" }).click();

  // The recovery codes, once: ten of them, downloadable.
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeFocused();
  recoveryCodes = (
    await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents()
  ).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as text" }).click();
  const file = readFileSync((await (await download).path())!, "utf8");
  for (const code of recoveryCodes) expect(file).toContain(code);
  await fitsThePhone(page, "recovery-codes");
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  // An officer starts on the day's first screen (it was the lookup form).
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/today$/);

  await signOut(page);
  await passwordStep(page, officer.email, officer.password);
  await expect(codeField(page)).toBeFocused();
  await expect(codeField(page)).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField(page)).toHaveAttribute("inputmode", "numeric");
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "login-code-step");
  await codeField(page).fill("000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That code is not right, or it was already used.");
  await codeField(page).fill(await freshCode(secret));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
});

test("the officer adds a passkey, then signs in with it alone; the export asks for a second factor when it is not recent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  await passwordStep(page, officer.email, officer.password);
  await codeField(page).fill(await freshCode(secret));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();

  await page.goto("/account/security");
  await page.getByLabel("Name for the new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Added “Work laptop”");
  const key = page.getByTestId("passkey").filter({ hasText: "Work laptop" });
  await expect(key).toContainText("last used never");
  await key.getByRole("button", { name: "Rename Work laptop" }).click();
  await page.getByLabel("New name for “Work laptop”").fill("Work laptop (Chromium)");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("passkey").filter({ hasText: "Work laptop (Chromium)" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "security-with-passkey");

  await signOut(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await page.goto("/account/security");
  await expect(page.getByTestId("passkey").filter({ hasText: "Work laptop (Chromium)" })).not.toContainText(
    "last used never",
  );

  // The export: a client to export, then the step-up as the page meets it (the first answer says the factor is old).
  const added = await page.request.post("/api/clients", {
    data: { firstName: "Step", lastName: "Upton", address: "2800 N 24th St, Phoenix, AZ 85008" },
  });
  expect(added.ok()).toBe(true);
  let asked = false;
  await page.route("**/api/clients/export", async (route) => {
    if (asked) return route.continue();
    asked = true;
    await route.fulfill({ status: 403, json: { error: { code: "step_up_required", message: "Confirm it is you." } } });
  });
  // The download is on the page of the list's tools, so that on a phone /clients opens on the clients.
  await page.goto("/clients/import");
  await page.getByRole("button", { name: "Download clients (CSV)" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByLabel("Enter the 6-digit code from your authenticator app, or a recovery code"),
  ).toBeFocused();
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "step-up");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Download clients (CSV)" })).toBeFocused();
  await expect(page.getByText("Nothing was changed: it needs you to confirm it is you first.")).toBeVisible();
  asked = false;
  await page.getByRole("button", { name: "Download clients (CSV)" }).click();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Use a passkey instead" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split(/\r?\n/)[0]).toContain("name,email,address");
  expect(csv).toContain("Step Upton");
});

test("a recovery code signs the officer in once; the same code again is refused", async ({ page }) => {
  const [code] = recoveryCodes;
  expect(code).toBeTruthy();
  for (const attempt of ["first", "second"] as const) {
    await passwordStep(page, officer.email, officer.password);
    await page.getByRole("button", { name: "Type a recovery code instead" }).click();
    await expect(codeField(page)).toHaveAttribute("inputmode", "text");
    await codeField(page).fill(code!.toLowerCase());
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (attempt === "second") {
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(
        "That code is not right, or it was already used.",
      );
      break;
    }
    await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
    await page.goto("/account/security");
    await expect(page.getByTestId("codes-left")).toHaveText("9 of 10 left.");
    await signOut(page);
  }
});

test("a homeowner adds a passkey, signs in with it and no password, and finishes a reset sign-in with it on /verify", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await virtualAuthenticator(page);
  await page.goto("/signup");
  await page.getByLabel("Email").fill(homeowner.email);
  await page.getByLabel("Password").fill(homeowner.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Add your home" })).toBeVisible();

  // The account proves its email first, with the link mailed at sign-up followed while signed in: only then may it add
  // a factor.
  const signUpMail = (await (
    await admin.get(`/api/admin/outbox?to=${encodeURIComponent(homeowner.email)}`)
  ).json()) as { messages: { text: string }[] };
  const confirm = signUpMail.messages[0]!.text.match(/https?:\/\/\S+verify-email\?token=[\w-]+/)![0];
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Your email is confirmed.")).toBeVisible();

  await page.goto("/account");
  await expect(page.getByTestId("security-summary")).toContainText("Passkeys: none");
  await page.getByRole("link", { name: "Manage passkeys, authenticator app and recovery codes" }).click();
  await expect(page.getByText("A second factor is optional for homeowners")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(/\/(dashboard|onboarding)$/);

  await signOut(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Add your home" })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByTestId("security-summary")).toContainText("Passkeys: 1 (Passkey on this device)");
  await signOut(page);

  // A reset password signs in without the second factor: the session must give it on /verify before anything else.
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(homeowner.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toBeVisible();
  const outbox = (await (await admin.get(`/api/admin/outbox?to=${encodeURIComponent(homeowner.email)}`)).json()) as {
    messages: { text: string }[];
  };
  const link = outbox.messages[0]!.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel("New password").fill("another-good-long-password");
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
  await expect(page).toHaveURL(/\/verify\?callbackUrl=/);
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "verify");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/verify\?callbackUrl=%2Faccount$/);
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
});

test("the admin sees the officer's factor in the Staff section and resets it: the officer sets one up again", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ storageState: await admin.storageState() });
  const adminPage = await context.newPage();
  await adminPage.goto("/admin");
  const row = adminPage.getByTestId("staff-member").filter({ hasText: officer.email });
  await expect(row).toContainText("Loan officer");
  await expect(row).toContainText("Set up");
  await expectNoSeriousViolations(adminPage);
  await row.getByRole("button", { name: `Reset second factors of ${officer.email}` }).click();
  await expect(
    row.getByText("Their sessions end now, and they set up a new factor at their next sign-in."),
  ).toBeVisible();
  await expect(row.getByRole("button", { name: "Yes, reset them" })).toBeFocused();
  await fitsThePhone(adminPage, "admin-staff");
  await row.getByRole("button", { name: "Yes, reset them" }).click();
  await expect(row.getByRole("status")).toContainText("second factors are reset");
  await expect(row).toContainText("Not yet: asked at next sign-in");
  await context.close();

  await passwordStep(page, officer.email, officer.password);
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByTestId("enrolment-notice")).toBeVisible();
});
