import {
  expect,
  expectNoSeriousViolations,
  expectValuationsBranded,
  keepScreenshots,
  screenshots,
  signedInAs,
  test,
} from "./fixtures";

test("the demo homeowner reads a home's value over time, the comparable sales behind its estimate and its loans", async ({
  page,
}, testInfo) => {
  await signedInAs(page, "homeowner");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: "3901 Wallingford Ave N" });
  await card.getByRole("link", { name: "3901 Wallingford Ave N", exact: true }).click();
  await expect(page.getByRole("heading", { name: "What it is worth" })).toBeVisible();

  // Value over time: one figure, its legend naming sales, assessments and estimates; the figures behind it in a table.
  const history = page.getByRole("region", { name: "Value over time" });
  await expect(history).toBeVisible();
  const chart = history.getByRole("figure");
  await expect(chart.getByTestId("value-history-chart")).toBeVisible();
  const legend = chart.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText(/Recorded sales \(\d+\)/);
  await expect(legend).toContainText(/Assessor's market values \(\d+\)/);
  await expect(legend).toContainText(/Service Estimates received \(\d+\)/);
  await expect(history.getByTestId("service-estimate")).toContainText("Valuation provided by Property Data Service");
  await history.getByText("The sales and assessments on record").click();
  const figures = history.getByRole("table", { name: /Sales and assessments of this home/ });
  await expect(figures.getByRole("cell", { name: "Recorded sale", exact: true }).first()).toBeVisible();
  await expect(figures.getByRole("cell", { name: "Assessor's market value", exact: true }).first()).toBeVisible();
  await history.getByText("The estimates received").click();
  const estimates = history.getByRole("table", { name: /Service Estimates received/ });
  await expect(estimates.getByRole("cell", { name: "Service Estimate", exact: true })).toHaveCount(1);

  // Why it is worth that: the comparables with their price per sq ft, the home's own beside them, and the scatter.
  const why = page.getByRole("region", { name: "Why it is worth that" });
  await expect(why.getByTestId("home-price-per-sqft")).toHaveText(/^\$\d{3,4}$/);
  const comparables = why.getByRole("table", { name: /comparable homes/ });
  await expect(comparables.getByRole("columnheader", { name: "Price per sq ft" })).toBeVisible();
  await expect(comparables.getByRole("row")).not.toHaveCount(1);
  await expect(comparables.getByRole("row").nth(1)).toContainText(/\$\d{3},\d{3}.*sq ft.*\$\d{3}.* mi/);
  await expect(why.getByTestId("comparables-scatter")).toBeVisible();
  await expect(why.getByRole("figure")).toContainText("This home at its Service Estimate");

  // What you owe: each active loan as the records show it.
  const owe = page.getByRole("region", { name: "What you owe" });
  const loans = owe.getByRole("table", { name: "Active loans on record" });
  for (const column of ["Lender", "Type", "Rate", "Original amount", "Recorded", "Estimated balance"])
    await expect(loans.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  // The rate as lenders write it, at its own precision (3.12%, 6.875%), the type as lenders name it.
  await expect(loans.getByRole("row").nth(1)).toContainText(/\d\.\d{1,3}%/);
  await expect(loans.getByRole("row").nth(1)).toContainText(/Conventional|FHA|VA|USDA|HELOC|Private/);

  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "records");
  // Each new section on its own, at desktop and phone width, to look at closely (when asked for).
  for (const width of keepScreenshots ? [1280, 360] : []) {
    await page.setViewportSize({ width, height: 800 });
    for (const [name, region] of [
      ["history", history],
      ["why", why],
      ["owe", owe],
    ] as const) {
      const path = testInfo.outputPath(`records-${name}-${width}.png`);
      await region.screenshot({ path });
      await testInfo.attach(`records-${name}-${width}`, { path, contentType: "image/png" });
    }
  }
});
