import { readFileSync } from "node:fs";
import { expect, expectNoSeriousViolations, expectValuationsBranded, screenshots, signIn, signUp, test } from "./fixtures";

test("a new homeowner signs up, adds a messily typed home, and sees it valued with its equity and report", async ({ page }, testInfo) => {
  await signUp(page, `owner-${Date.now()}@example.com`);
  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Rivera");
  await page.getByLabel("Home address").fill("2800 north 24th street, phoenix arizona 85008");
  await expect(page.getByText("Did you mean")).toContainText("2800 N 24th St, Phoenix, AZ 85008");
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "onboarding");
  await page.getByRole("button", { name: "Add my home" }).click();

  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: "2800 N 24th St" });
  await expect(card.getByTestId("service-estimate")).toContainText("Valuation provided by Property Data Service");
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "dashboard");

  await card.getByRole("link", { name: "2800 N 24th St", exact: true }).click();
  await expect(page.getByRole("heading", { name: "What it is worth" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your equity" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Property facts" })).toBeVisible();
  await expect(page.getByTestId("service-estimate")).toContainText("Service Estimate");
  await expect(page.getByRole("figure", { name: /Estimate range/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /available to borrow/ })).toBeVisible();

  const available = page.getByTestId("available-equity");
  const before = await available.textContent();
  await page.getByLabel(/Maximum loan-to-value/).fill("0.95");
  await expect(available).not.toHaveText(before!);
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "property");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download report (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^property-report-2800-n-24th-st.*\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("the demo homeowner sees both homes", async ({ page }) => {
  await signIn(page, "homeowner@example.com", "homeowner-demo");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").filter({ hasText: "3901 Wallingford Ave N" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "2744 N 24th St" })).toBeVisible();
});

test("another homeowner cannot open the demo homeowner's property page or report", async ({ page, request }) => {
  await signIn(page, "homeowner@example.com", "homeowner-demo");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/dashboard\/properties\/\d+$/);
  const propertyUrl = page.url();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  await signUp(page, `stranger-${Date.now()}@example.com`);
  const response = await page.goto(propertyUrl);
  expect(response!.status()).toBe(404);
  const report = await page.request.get(`/api/property/report?address=${encodeURIComponent("3901 Wallingford Ave N, Seattle, WA 98103")}&applicant_name=x`);
  expect(report.status()).toBe(403);
  void request;
});
