import { expect, expectNoSeriousViolations, expectValuationsBranded, screenshots, test } from "./fixtures";

test("the landing page says what the product is and leads to the example", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("what your home is worth");
  // A newcomer's way in, beside signing in.
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
  await expect(main.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "See an example property" }).click();
  await expect(page).toHaveURL(/\/example$/);
});

test("the example property is looked up through the service and shown with its branded estimate", async ({
  page,
}, testInfo) => {
  await page.goto("/example");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^2800 N 24th St, Phoenix, AZ 85008/);
  await expect(page.getByText("Maricopa County")).toBeVisible();
  const estimate = page.getByTestId("service-estimate");
  await expect(estimate).toContainText("Service Estimate");
  await expect(estimate).toContainText("Valuation provided by Property Data Service");
  await expect(estimate).toContainText(/\$\d{3},\d{3}/);
  await expect(page.getByRole("heading", { name: "Sale and taxes" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectValuationsBranded(page);
  await screenshots(page, testInfo, "example");
});
