import {
  expect,
  expectNoSeriousViolations,
  expectValuationsBranded,
  keepScreenshots,
  screenshots,
  signedInAs,
  test,
} from "./fixtures";

test("an admin sets the offers; the demo homeowner sees what they could borrow, corrects a loan with their own figures and undoes it", async ({
  page,
  browser,
}, testInfo) => {
  // Two people's browsers and many screenshots: 20 s on a quiet machine, past 30 s under load.
  test.slow();
  // The admin sets the rate and term of each loan offered; a rate over 25% is refused with the reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAs(admin, "admin");
  await expect(admin.getByRole("heading", { name: "Admin" })).toBeVisible();
  const form = admin.getByRole("region", { name: "Loans offered to homeowners" });
  const heloc = form.getByRole("group", { name: "Home equity line" });
  const cashOut = form.getByRole("group", { name: "Cash-out refinance" });
  await heloc.getByLabel("Rate (% a year)").fill("30");
  await form.getByRole("button", { name: "Save offers" }).click();
  await expect(heloc.getByText("must be at most 25%")).toBeVisible();
  await heloc.getByLabel("Rate (% a year)").fill("7.25");
  await heloc.getByLabel("Term (years)").fill("15");
  await cashOut.getByLabel("Rate (% a year)").fill("6.5");
  await cashOut.getByLabel("Term (years)").fill("30");
  await form.getByRole("button", { name: "Save offers" }).click();
  await expect(form.getByText("Saved. Homeowners' borrowing scenarios now use these.")).toBeVisible();
  // The opportunity rules: a current rate over 30% is refused with the reason; the default saved again changes nothing.
  const rules = admin.getByRole("region", { name: "Client opportunity rules" });
  const rate = rules.getByLabel("Current note rate (% a year)");
  await expect(rate).toHaveValue("6.25");
  await rate.fill("31");
  await rules.getByRole("button", { name: "Save opportunity rules" }).click();
  await expect(rules.getByText("must be at most 30%")).toBeVisible();
  await rate.fill("6.25");
  await rules.getByRole("button", { name: "Save opportunity rules" }).click();
  await expect(rules.getByText("Saved. The next refresh of each client finds opportunities by these.")).toBeVisible();
  await expectNoSeriousViolations(admin);
  await adminContext.close();

  // The homeowner's home: scenarios at those offers, the payment recomputed as the amount moves.
  await signedInAs(page, "homeowner");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await page.getByRole("link", { name: "3901 Wallingford Ave N", exact: true }).first().click();
  const borrowing = page.getByRole("region", { name: "What you could borrow" });
  await expect(borrowing).toBeVisible();
  const line = borrowing.getByRole("article", { name: "Home equity line" });
  await expect(line).toContainText("Offered at 7.25% a year over 15 years");
  await line.getByLabel(/^Amount/).fill("100000");
  await expect(line.getByRole("status")).toContainText("$912.86 a month");
  await expect(line.getByRole("status")).toContainText("$604.17 a month");
  const refinance = borrowing.getByRole("article", { name: "Cash-out refinance" });
  await expect(refinance).toContainText("Offered at 6.5% a year over 30 years");
  await expect(refinance.getByRole("status")).toContainText(/\$[\d,]+\.\d\d a month/);

  // A loan marked paid off: the owner's own figures, labelled, and the equity from them.
  const balance = page.getByRole("region", { name: "Your equity" }).getByText("Total loan balance").locator("..");
  const recorded = await balance.textContent();
  const figures = page.getByRole("region", { name: "Your figures" });
  await figures.getByRole("button", { name: "Mark paid off: Primary mortgage" }).click();
  await expect(figures.getByRole("status")).toContainText("Marked the primary mortgage paid off (your figures).");
  await expect(figures.getByText("Your figures: Paid off")).toBeVisible();
  await expect(page.getByText("Your figures: computed from the Service Estimate above")).toBeVisible();
  await expect(balance).toContainText("$0");
  await expect(page.getByText("None: you marked them paid off.")).toBeVisible();
  await expect(line).toContainText("(your figures)");
  await figures.getByLabel("Excellent").check();
  await figures.getByRole("button", { name: "Save condition" }).click();
  await expect(page.getByText("Yours (your figures)")).toBeVisible();
  await expect(page.locator('[data-condition="excellent"]')).toContainText("Yours (your figures)");
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "borrowing-your-figures");

  // Undo the loan; reset the rest: the records' figures again.
  await figures.getByRole("button", { name: "Undo your figures for the primary mortgage" }).click();
  await expect(figures.getByText("Your figures: Paid off")).toHaveCount(0);
  await expect(balance).toHaveText(recorded!);
  await figures.getByRole("button", { name: "Reset all your figures" }).click();
  await expect(page.getByText("Yours (your figures)")).toHaveCount(0);
  await expect(page.getByText("Computed from the Service Estimate above and the loans on record.")).toBeVisible();

  // Today's balance and rate of the loan, entered by keyboard, and a rate out of bounds refused.
  await figures.getByText("Enter today's balance and rate").click();
  await figures.getByLabel("Balance today ($)").fill("150000");
  await figures.getByLabel("Rate (% a year)").fill("40");
  await figures.getByLabel("Rate (% a year)").press("Enter");
  await expect(figures.getByText("must be at most 25%", { exact: true })).toBeVisible();
  await expect(figures.getByRole("alert")).toHaveText("Some figures could not be saved: see the reason beside each.");
  await figures.getByLabel("Rate (% a year)").fill("3.1");
  await figures.getByLabel("Rate (% a year)").press("Enter");
  await expect(figures.getByText("Your figures: $150,000 at 3.1%")).toBeVisible();
  await expect(balance).toContainText("$150,000");
  await expect(refinance).toContainText("Your loans' rate today averages 3.1% (your figures)");
  await figures.getByRole("button", { name: "Reset all your figures" }).click();
  await expect(balance).toHaveText(recorded!);
  await expectNoSeriousViolations(page);
});

test("a home whose loans pass the limit says how far, and what would open a line", async ({ page }, testInfo) => {
  await signedInAs(page, "homeowner");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await page.getByRole("link", { name: "2744 N 24th St", exact: true }).first().click();
  const borrowing = page.getByRole("region", { name: "What you could borrow" });
  await expect(borrowing).toBeVisible();
  // Paid off in the owner's figures, everything up to the limit opens; as on record, it may or may not.
  const figures = page.getByRole("region", { name: "Your figures" });
  await figures.getByText("Enter today's balance and rate").click();
  await figures.getByLabel("Balance today ($)").fill("5000000");
  await figures.getByLabel("Balance today ($)").press("Enter");
  await expect(figures.getByText("Your figures: $5,000,000")).toBeVisible();
  await expect(borrowing.getByRole("article", { name: "Home equity line" })).toContainText(
    /Nothing is available for a line now\. Your loans are [\d.]+% of the value \(your figures\); the limit is 80%\. A value above \$[\d,]+ or a balance below \$[\d,]+ would open a line\./,
  );
  await expect(borrowing.getByRole("slider")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  if (keepScreenshots) {
    await borrowing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("borrowing-over-limit.png") });
  }
  await figures.getByRole("button", { name: "Reset all your figures" }).click();
  await expect(figures.getByText("Your figures: $5,000,000")).toHaveCount(0);
});
