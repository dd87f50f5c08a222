import { readFileSync } from "node:fs";
import { expect, expectNoSeriousViolations, screenshots, signIn, test } from "./fixtures";

// Two houses of the embedded data set with a mortgage on record, and the person each deed names (public record); no
// other journey uses them.
const REFINANCE = { name: "Katherine Roberts", address: "947 Greenwood Ave NE, Atlanta, GA 30306" };
const OTHER = { name: "Kwame Nguyen", address: "960 Greenwood Ave NE, Atlanta, GA 30306" };

test("a loan officer imports past clients, sees the row errors, refreshes one and marks its opportunity contacted", async ({ page }, testInfo) => {
  const [refinance, other] = [REFINANCE, OTHER];
  await signIn(page, "officer@example.com", "officer-demo");
  await expect(page.getByRole("heading", { name: "Look up an address" })).toBeVisible();
  await page.getByRole("link", { name: "Clients" }).click();
  await expect(page.getByRole("heading", { name: "Client portfolio" })).toBeVisible();

  const csv = [
    "name,email,address,balance,rate,type,closing date",
    `"${refinance.name}",,"${refinance.address}",150000,9.75,conventional,2019-03-15`,
    `"${other.name}",,"${other.address}",,,,`,
    `"Pat Doe",not-an-email,"${other.address}",,,,`,
  ].join("\n");
  await page.getByLabel("CSV with a header row, up to 2,000 clients").fill(csv);
  await page.getByRole("button", { name: "Import clients" }).click();
  await expect(page.getByTestId("import-summary")).toContainText("2 added, 0 merged with clients you had, 1 row with errors");
  const error = page.getByTestId("import-error");
  await expect(error).toHaveCount(1);
  await expect(error).toContainText("email is not an email address");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the row errors (CSV)" }).click();
  const errors = readFileSync((await (await download).path())!, "utf8");
  expect(errors).toContain("email is not an email address");

  // The demo officer has a page of clients already: the search finds the new one, and the address keeps it.
  await page.getByLabel("Search clients").fill(refinance.name.toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=katherine\+roberts/);
  await expect(page.getByTestId("clients-shown")).toHaveText("1 client matching “katherine roberts”");
  await expect(page.getByTestId("client")).toHaveCount(1);

  // Refresh the client with the 9.75% loan: a rate-and-term refinance whatever the home is worth.
  await page.getByRole("button", { name: `Refresh ${refinance.name} now` }).click();
  const row = page.getByTestId("opportunity").filter({ hasText: refinance.name }).filter({ hasText: "Rate-and-term refinance" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("9.75%");
  await expect(row.getByTestId("opportunity-status")).toHaveText("open");

  // Ranked by the money available: the column reads from the most to the least.
  const amounts = (await page.getByTestId("opportunity").locator("td[data-equity]").allTextContents()).map((t) => Number(t.replace(/[$,]/g, "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "clients");

  await row.getByRole("button", { name: `Mark ${refinance.name} contacted` }).click();
  await expect(row.getByTestId("opportunity-status")).toHaveText("contacted");

  // The filters narrow the list by kind and status.
  await page.getByLabel("Kind").selectOption("rate_refinance");
  await page.getByLabel("Status").selectOption("contacted");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=rate_refinance&status=contacted/);
  await expect(page.getByTestId("opportunity").filter({ hasText: refinance.name })).toHaveCount(1);
  await expect(page.getByTestId("opportunity").filter({ hasNotText: "Rate-and-term refinance" })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // Every client again, 50 a page: the next page is an address of its own.
  await page.getByRole("link", { name: "Show every client" }).click();
  await expect(page.getByTestId("clients-shown")).toHaveText(/^1–50 of \d+ clients$/);
  await page.getByRole("navigation", { name: "Pages of clients" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("clients-shown")).toHaveText(/^51–\d+ of \d+ clients$/);
  await expectNoSeriousViolations(page);
});

test("a homeowner cannot open the client portfolio", async ({ page }) => {
  await signIn(page, "homeowner@example.com", "homeowner-demo");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  const response = await page.goto("/clients");
  expect(response?.status()).toBe(404);
});
