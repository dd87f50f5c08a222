import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  expectValuationsBranded,
  fromOutbox,
  screenshots,
  signUp,
  test,
} from "./fixtures";

/** Fills the onboarding form (the page already open) and adds the home. */
async function addHome(page: Page, firstName: string, lastName: string, address: string) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Home address").fill(address);
  await page.getByRole("button", { name: "Add my home" }).click();
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
}

test("a homeowner proves a first home, adds a second, proves it too, and sees the totals of both", async ({
  page,
  browser,
}, testInfo) => {
  // Two homes proved by mailed codes, four accessibility passes and four screenshots: a long journey, as the others
  // are.
  test.slow();
  const first = "3802 Stone Way N, Seattle, WA 98103";
  const second = "2658 Downing St, Denver, CO 80205";
  await signUp(page, `two-homes-${Date.now()}@example.com`);
  await addHome(page, "Jennifer", "Hernandez", first);

  const firstWaiting = page.getByRole("region", { name: "Verify to see your loans and equity at 3802 Stone Way N" });
  await firstWaiting.getByRole("button", { name: "Mail me a code" }).click();
  await firstWaiting
    .getByLabel("Code from the letter")
    .fill(await fromOutbox(browser, { letterTo: "3802 Stone Way N" }));
  await firstWaiting.getByRole("button", { name: "Verify my home" }).click();
  await expect(firstWaiting).toHaveCount(0);
  // One home: its estimate is said once, on its card (no totals of one home beside it), with the month's change above.
  const totals = page.getByRole("region", { name: /All your verified homes together/ });
  await expect(page.getByRole("article").filter({ hasText: "3802 Stone Way N" })).toContainText("Loan-to-value");
  await expect(totals).toHaveCount(0);
  await expect(page.getByTestId("service-estimate")).toHaveCount(1);
  await expect(page.getByTestId("total-month-change")).toContainText("Since last month");

  // Another home goes through the same steps; the first stays as it was.
  await page.getByRole("link", { name: "Add another home" }).click();
  await expect(page.getByRole("heading", { name: "Add another home" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await addHome(page, "Guadalupe", "Lindqvist", second);
  const waiting = page.getByRole("region", { name: "Waiting for proof" });
  await expect(waiting.getByRole("article").filter({ hasText: "2658 Downing St" })).toContainText(
    "shown once you verify",
  );
  await expect(
    page.getByRole("region", { name: "Verified homes" }).getByRole("article").filter({ hasText: "3802 Stone Way N" }),
  ).toContainText("Loan-to-value");
  await expect(totals).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "dashboard-one-waiting");

  const secondWaiting = page.getByRole("region", { name: "Verify to see your loans and equity at 2658 Downing St" });
  await secondWaiting.getByRole("button", { name: "Mail me a code" }).click();
  await secondWaiting
    .getByLabel("Code from the letter")
    .fill(await fromOutbox(browser, { letterTo: "2658 Downing St" }));
  await secondWaiting.getByRole("button", { name: "Verify my home" }).click();
  await expect(secondWaiting).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Waiting for proof" })).toHaveCount(0);

  // Both proved: the totals add them up, each card has its equity.
  await expect(totals).toContainText("(2 homes)");
  await expect(totals.getByTestId("service-estimate")).toContainText("Valuation provided by");
  await expect(totals.getByTestId("total-month-change")).toContainText("Since last month");
  await expect(totals.getByTestId("total-loans")).toHaveText(/^\$[\d,]+$/);
  await expect(totals.getByTestId("total-equity")).toHaveText(/^-?\$[\d,]+$/);
  for (const street of ["3802 Stone Way N", "2658 Downing St"]) {
    await expect(page.getByRole("article").filter({ hasText: street })).toContainText("Loan-to-value");
  }
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "dashboard-two-homes");
});
