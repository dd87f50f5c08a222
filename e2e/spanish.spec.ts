import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };
import { expect, expectNoSeriousViolations, fromOutbox, screenshots, test } from "./fixtures";
import { englishOn } from "./language";

/**
 * The app in Spanish, as a Spanish-speaking homeowner reads it: the browser asks for Spanish (es-MX), every page
 * answers in it (`<html lang="es">`), shows none of the catalogue's English and no English sentence, and passes axe.
 * The words the journeys look for are the catalogue's own, so a rewording does not break them.
 */
test.use({ locale: "es-MX" });

/**
 * A page read in Spanish: its language, no English on it, nothing axe finds serious. A mail shown in a frame that runs
 * no script (the digest's preview) is left out of axe's run, which cannot enter it; its words are checked apart.
 */
async function readsInSpanish(page: Page, what: string) {
  await expect(page.locator("html"), `${what} says it is Spanish`).toHaveAttribute("lang", "es");
  expect.soft(await englishOn(page), `English on ${what}`).toEqual([]);
  if ((await page.locator("iframe[sandbox]").count()) === 0) return expectNoSeriousViolations(page);
  const results = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
}

/** The text of a PDF as poppler extracts it. */
const pdfText = (path: string) => execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });

test("una propietaria nueva lo hace todo en español: se registra, agrega y comprueba su vivienda, lee su panel, cambia a inglés y descarga el informe", async ({
  page,
  browser,
}, testInfo) => {
  // Sign-up, a letter's code read by an admin in a browser of its own, two reports: longer than the default 30 s.
  test.slow();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: es.Signup.heading })).toBeVisible();
  await readsInSpanish(page, "/signup");
  await page.getByLabel(es.Signup.email).fill(`nueva-${Date.now()}@example.com`);
  await page.getByLabel(es.Signup.password).fill("a-good-long-password");
  await page.getByRole("button", { name: es.Signup.submit }).click();

  await expect(page.getByRole("heading", { name: es.OnboardingPage.title })).toBeVisible();
  await readsInSpanish(page, "/onboarding");
  await page.getByLabel(es.Onboarding.firstName).fill("Anthony");
  await page.getByLabel(es.Onboarding.lastName).fill("Adams");
  await page.getByLabel(es.Onboarding.homeAddress).fill("1627 Barton Springs Rd, Austin, TX 78704");
  await page.getByRole("button", { name: es.Onboarding.add }).click();

  // Before proof: the public facts and the branded estimate, in Spanish; nothing private.
  await expect(page.getByRole("heading", { name: es.Dashboard.title, exact: true })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: "1627 Barton Springs Rd" });
  await expect(card.getByTestId("service-estimate")).toContainText("Valoración proporcionada por");
  await expect(page.getByText(es.Equity.loanToValue)).toHaveCount(0);
  await readsInSpanish(page, "the dashboard before proof");
  await screenshots(page, testInfo, "es-dashboard-unverified");

  // The code travels by post (here: the outbox an admin reads); a wrong one is refused in Spanish with the tries left.
  await page.getByRole("button", { name: es.Ownership.mailCode }).click();
  await page.getByLabel(es.Ownership.codeLabel).fill("000000");
  await page.getByRole("button", { name: es.Ownership.verify }).click();
  await expect(page.getByText("Ese no es el código de la carta. Le quedan 4 intentos.")).toBeVisible();
  await page.getByLabel(es.Ownership.codeLabel).fill(await fromOutbox(browser, { letterTo: "1627 Barton Springs Rd" }));
  await page.getByRole("button", { name: es.Ownership.verify }).click();
  await expect(card.getByText(es.Equity.loanToValue)).toBeVisible();
  // Money and percentages are US Spanish's (es-US), as a homeowner in Texas writes them: "$412,000", "78.4%", never
  // Spain's "412.000 US$".
  await expect(card).toContainText(/\$\d{1,3}(,\d{3})+/);
  await expect(page.locator("main")).not.toContainText("US$");
  await readsInSpanish(page, "the dashboard");
  await expectValuationsBrandedInSpanish(page);
  await screenshots(page, testInfo, "es-dashboard");

  await card.getByRole("link", { name: "1627 Barton Springs Rd", exact: true }).click();
  await expect(page.getByRole("heading", { name: es.PropertyDetails.worth })).toBeVisible();
  await expect(page.getByRole("heading", { name: es.PropertyDetails.equity })).toBeVisible();
  await readsInSpanish(page, "the property page");
  await screenshots(page, testInfo, "es-property");

  // The report in Spanish, its text read out of the PDF.
  const spanishReport = page.waitForEvent("download");
  await page.getByRole("button", { name: es.Report.download.replace("{format}", "PDF") }).click();
  const spanishText = pdfText((await (await spanishReport).path())!);
  expect(spanishText).toContain(es.ReportDoc.service.title);
  expect(spanishText).toContain("Estimación del servicio");
  expect(spanishText).toMatch(/\$\d{1,3}(,\d{3})+/);
  expect(spanishText).not.toContain("US$");

  // Back to English with the header's switch: the page, its figures and the next report follow.
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: en.PropertyDetails.worth })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Español" })).toBeVisible();
  await expectNoSeriousViolations(page);
  const englishReport = page.waitForEvent("download");
  await page.getByRole("button", { name: en.Report.download.replace("{format}", "PDF") }).click();
  const file = await englishReport;
  expect(file.suggestedFilename()).toMatch(/^property-report-1627-barton-springs-rd.*\.pdf$/);
  const englishText = pdfText((await file.path())!);
  expect(englishText).toContain("Service Estimate");
  expect(englishText).not.toContain(es.ReportDoc.service.title);

  // The choice is the account's: another browser that asks for Spanish still gets English once signed in.
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: en.Account.languageTitle })).toBeVisible();
  await expect(
    page.getByRole("group", { name: en.LanguageSwitch.label }).getByRole("button", { name: "English" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousViolations(page);
});

/** The branded estimate's amounts in Spanish ("$412,000") appear only inside the branded component. */
async function expectValuationsBrandedInSpanish(page: Page) {
  const outside = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="service-estimate"]')];
    const amounts = new Set(boxes.flatMap((box) => box.textContent?.match(/\$\d{1,3}(,\d{3})+/g) ?? []));
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone
      .querySelectorAll('[data-testid="service-estimate"], [data-equity], script, style')
      .forEach((node) => node.remove());
    const rest = clone.textContent ?? "";
    return { boxes: boxes.length, leaked: [...amounts].filter((amount) => rest.includes(amount)) };
  });
  expect(outside.boxes).toBeGreaterThan(0);
  expect(outside.leaked, "valuation amounts shown outside the branded component").toEqual([]);
}

test("every page a homeowner reads, the widget and the digest preview read in Spanish", async ({ page, context }) => {
  // Twenty pages, each checked by axe and the English finder.
  test.setTimeout(180_000);
  for (const path of [
    "/",
    "/example",
    "/how-estimates-work",
    "/login",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/verify-email?token=example",
    "/invite",
    "/unsubscribe",
    "/report",
    "/report?token=not-a-token-we-sent-at-all",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await readsInSpanish(page, path);
  }
  for (const path of [
    "/embed/valuation?key=site_demo&lang=es",
    "/embed/valuation?key=site_demo&lang=es&address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008",
  ]) {
    await page.goto(path);
    await readsInSpanish(page, path);
  }

  // The demo homeowner, whose account chose no language: the browser's Spanish and the cookie carry it.
  await context.addCookies([{ name: "locale", value: "es", url: page.url() }]);
  await page.goto("/login");
  await page.getByLabel(es.Login.email).fill("homeowner@example.com");
  await page.getByLabel(es.Login.password).fill("homeowner-demo");
  await page.getByRole("button", { name: es.Login.signIn, exact: true }).click();
  await expect(page.getByRole("heading", { name: es.Dashboard.title, exact: true })).toBeVisible();
  await readsInSpanish(page, "/dashboard");
  const property = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
  for (const path of [property!, "/account", "/account/security", "/account/digest", "/onboarding"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await readsInSpanish(page, path);
  }
  // The digest as it would be mailed, in its frame: Spanish too.
  await page.goto("/account/digest");
  const digest = page.frameLocator("iframe").locator("body");
  await expect(digest).toContainText(es.Digest.sinceLastMonth);
  await expect(digest).toContainText("Valoración proporcionada por");
});
