import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { FAULTS_LOG } from "./faults-server";
import { expect, fromOutbox, signIn, signUp, test } from "./fixtures";

/**
 * The homeowner's and the loan officer's journeys against an app whose embedded service fails 30% of its answers
 * (5xx, 429, timeouts, malformed JSON, slow answers; see playwright.config.ts). A person gets through by pressing
 * "Try again" (or the same button again) when told something failed: each failure must be said in words they can act
 * on, what was already loaded must stay on screen, and the server must log no unhandled error.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

const ATTEMPTS = 12;
/** Every failure message a person saw, checked for clarity at the end. */
const seen: string[] = [];

/** Waits until `done` is visible or an alert appears; returns the alert's text, or undefined when done. */
async function outcome(page: Page, done: Locator, alerts: Locator): Promise<string | undefined> {
  await expect(done.or(alerts).first()).toBeVisible({ timeout: 45_000 });
  if (await done.isVisible()) return undefined;
  // Read without waiting: the alert may already be gone (the page moved on after all).
  const text = (await alerts.allTextContents()).join(" ").trim();
  if (!text) return outcome(page, done, alerts);
  seen.push(text);
  return text;
}

/**
 * What a person does after "try again in a minute": waits a little longer each time (1, 2, 4, then 5 s). An open
 * circuit breaker refuses at once for CIRCUIT_BREAKER_HALF_OPEN_MS (10 s), so presses without a pause all meet it.
 */
const pause = (page: Page, attempt: number) => page.waitForTimeout(Math.min(5_000, 1_000 * 2 ** (attempt - 1)));

/**
 * Does `act` until `done` shows (alerts are looked for in the main column: Next.js's route announcer is one too),
 * reading and keeping the failure messages it meets on the way.
 */
async function persist(
  page: Page,
  {
    act,
    done,
    alerts = page.getByRole("main").getByRole("alert"),
  }: { act: () => Promise<unknown>; done: Locator; alerts?: Locator },
) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await act();
    if ((await outcome(page, done, alerts)) === undefined) return;
    await pause(page, attempt);
  }
  throw new Error(`still failing after ${ATTEMPTS} attempts: ${seen.at(-1)}`);
}

/** The page's own "Try again" when it shows one (a failed panel or page), so the next attempt asks again. */
async function tryAgain(page: Page, scope: Locator | Page = page) {
  const retry = scope
    .getByRole("alert")
    .getByRole("button", { name: /Try again/ })
    .or(scope.getByRole("alert").getByRole("link", { name: "Try again" }));
  if (await retry.first().isVisible()) await retry.first().click();
}

/** Presses a report button until the file arrives, keeping the failure messages shown on the way. */
async function downloadReport(page: Page, format: string) {
  const alerts = page
    .getByRole("main")
    .getByRole("alert")
    .filter({ hasText: /report|service|again/i });
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const download = page.waitForEvent("download", { timeout: 45_000 }).then(
      () => true,
      () => false,
    );
    await page.getByRole("button", { name: `Download report (${format})` }).click();
    if (
      await Promise.race([
        download,
        alerts
          .first()
          .waitFor({ timeout: 45_000 })
          .then(() => false),
      ])
    )
      return;
    seen.push((await alerts.allTextContents()).join(" "));
    // The alert seen may be the last attempt's, about to be replaced by this one's download.
    if (await Promise.race([download, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500))]))
      return;
    await pause(page, attempt);
  }
  throw new Error(`the ${format} report did not download in ${ATTEMPTS} attempts: ${seen.at(-1)}`);
}

test("a new homeowner gets through sign-up, onboarding, proof by mail, the dashboard, the property page and the report", async ({
  page,
  browser,
}) => {
  await signUp(page, `faults-${Date.now()}@example.com`);

  await page.getByLabel("First name").fill("Edward");
  await page.getByLabel("Last name").fill("Thompson");
  await page.getByLabel("Home address").fill("2716 N 24th St, Phoenix, AZ 85008");
  const homes = page.getByRole("heading", { name: "Your homes" });
  // Creating the owner is not retried by the app (it changes something); the person presses the button again.
  await persist(page, {
    act: async () => {
      if (await page.getByRole("button", { name: "Add my home" }).isVisible())
        await page.getByRole("button", { name: "Add my home" }).click();
      else await tryAgain(page);
    },
    done: homes,
  });

  const card = page.getByRole("article").filter({ hasText: "2716 N 24th St" });
  await expect(card.getByTestId("service-estimate")).toContainText("Valuation provided by Property Data Service");

  // Proof by the mailed code: no call to the service, so it goes through whatever the service does.
  await page.getByRole("button", { name: "Mail me a code" }).click();
  await page.getByLabel("Code from the letter").fill(await fromOutbox(browser, { letterTo: "2716 N 24th St" }));
  await page.getByRole("button", { name: "Verify my home" }).click();
  await expect(page.getByRole("heading", { name: "Verify to see your loans and equity" })).toHaveCount(0);
  await persist(page, { act: () => tryAgain(page), done: homes });

  await card.getByRole("link", { name: "2716 N 24th St", exact: true }).click();
  // The dashboard has estimates of its own (the card's, the totals'): wait for the property page before looking.
  await expect(page).toHaveURL(/\/dashboard\/properties\//);
  await persist(page, { act: () => tryAgain(page), done: page.getByTestId("service-estimate").first() });
  await expect(page.getByRole("heading", { name: "Property facts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your equity" })).toBeVisible();

  await downloadReport(page, "PDF");

  // Owner data is fresh for 2 s on this server; after that each visit asks the service again, and when it fails the
  // last answer is shown, marked as possibly out of date. The homes never disappear behind an error.
  for (let visit = 0; visit < 6; visit++) {
    await page.waitForTimeout(2_100);
    await page.goto("/dashboard");
    await expect(homes).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole("article").filter({ hasText: "2716 N 24th St" })).toBeVisible();
  }
});

test("the loan officer gets every panel of a lookup and every report format", async ({ page }) => {
  await signIn(page, "officer@example.com", "officer-demo");
  await page.getByRole("link", { name: "Look up an address" }).click();
  await expect(page.getByRole("heading", { name: "Look up an address" })).toBeVisible();

  await page.getByLabel("Address", { exact: true }).fill("2800 N 24th St, Phoenix, AZ 85008");
  await page.getByLabel("Applicant name").fill("Patrick Lindqvist");
  const lookUp = page.getByRole("button", { name: "Look up" });
  await persist(page, { act: () => lookUp.click(), done: page.getByTestId("standardized-address") });
  await expect(page.getByTestId("standardized-address")).toHaveText("2800 N 24th St, Phoenix, AZ 85008-1114");

  // Each panel loads on its own; a failed one says why and offers to try again, the others stay.
  const panels: [string, Locator][] = [
    ["Homeowner verification", page.getByTestId("verification-result")],
    ["Valuation", page.getByTestId("service-estimate")],
    ["Equity", page.getByTestId("available-equity")],
    ["Property facts", page.getByRole("heading", { name: "Property facts" })],
  ];
  for (const [name, done] of panels) {
    const panel = page.getByRole("region", { name, exact: true });
    await persist(page, { act: () => tryAgain(page, panel), done, alerts: panel.getByRole("alert") });
  }
  await expect(page.getByTestId("verification-result")).toHaveText(/is verified as an owner/);
  for (const [, done] of panels) await expect(done).toBeVisible();

  for (const format of ["PDF", "HTML", "JSON"]) await downloadReport(page, format);
});

test("every failure was said in words a person can act on, and the server logged no unhandled error", async () => {
  const lines = readFileSync(FAULTS_LOG, "utf8").split("\n").filter(Boolean);
  // Journeys that met no fault at all did not test what this file is for. The app retries a failed call twice, so
  // most faults never reach the person: those that do are in `seen`, and may be none in a run.
  const injected = lines.filter((line) => line.includes('"sandbox: injected a fault"')).length;
  expect(injected, "the service failed none of its answers during the journeys").toBeGreaterThan(0);
  for (const message of seen) {
    expect(message).toMatch(/try again|in a minute|shortly|not answering|too long|busy/i);
    expect(message).not.toMatch(/\b500\b|internal|undefined|null|\[object|stack|TypeError/i);
  }
  const unhandled = lines.filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number };
      return (entry.level ?? 0) >= 50;
    } catch {
      // Next.js's own lines: its ⨯ marks an error it caught at the top (an unhandled one of ours).
      return /⨯|unhandled|uncaught/i.test(line);
    }
  });
  expect(unhandled).toEqual([]);
  console.log(
    `under faults: ${injected} faults, ${seen.length} shown to the user, ${lines.length} log lines, none unhandled`,
  );
});
