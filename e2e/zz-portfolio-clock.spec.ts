import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";

// Runs last on purpose (hence the name: specs run in file order, one worker, on one shared server): moving the
// embedded clock changes every later valuation, balance and equity figure, and the clock cannot be moved back.

// Two houses of the embedded data set whose one conventional loan is just above 80% of the estimate at the data set's
// date (80.2%) and just below it a month later (80.0% and 79.9%: a month of amortization and market growth), and the
// person each deed names; found with lib/sandbox/clock.ts loansOn/dateAfter and lib/sandbox/valuation.ts
// valueProperty. Neither is in the demo portfolio nor in another journey. Both carry private mortgage insurance and
// closed more than five years ago: a new appraisal removes it at 80% of today's value.
const INVITED = {
  name: "James Delgado",
  email: "james.delgado@example.com",
  address: "1683 N 45th St, Seattle, WA 98103",
};
const OTHER = { name: "Jonathan Lee", email: "jonathan.lee@example.com", address: "2646 Gilpin St, Denver, CO 80205" };
const MI = "PMI: appraisal";

test("an officer imports past clients, invites one, and sees mortgage insurance become removable after the clock moves a month", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signedInAs(page, "officer");
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await page.goto("/clients/import");
  const csv = [
    "name,email,address,rate,type,closing date,mortgage insurance",
    `"${INVITED.name}",${INVITED.email},"${INVITED.address}",6.568,conventional,2019-06-01,yes`,
    `"${OTHER.name}",${OTHER.email},"${OTHER.address}",6.905,conventional,2019-06-01,yes`,
  ].join("\n");
  await page.getByLabel("CSV with a header row, up to 2,000 clients").fill(csv);
  await page.getByRole("button", { name: "Import clients" }).click();
  await expect(page.getByTestId("import-summary")).toContainText(
    "2 added, 0 merged with clients you had, 0 rows with errors",
  );

  // The demo portfolio is refreshed: the new clients (never refreshed) come last, so each is found by name.
  const show = (name: string) => page.goto(`/clients?q=${encodeURIComponent(name)}`);
  const clientRow = (name: string) => page.getByTestId("client").filter({ hasText: name });
  await show(INVITED.name);
  await page.getByRole("button", { name: `Invite ${INVITED.name} to their dashboard` }).click();
  await expect(clientRow(INVITED.name)).toContainText("Invited");

  // Refreshed at the data set's date: both loans are still above 80% of the estimate, so no mortgage insurance yet.
  const miRow = (name: string) => clientRow(name).getByTestId("opportunity").filter({ hasText: MI });
  for (const client of [INVITED, OTHER]) {
    await show(client.name);
    await page.getByRole("button", { name: `Refresh ${client.name} now` }).click();
    await expect(clientRow(client.name)).toContainText("80.2%");
    await page.reload();
    await expect(clientRow(client.name)).toContainText("80.2%");
    await expect(miRow(client.name)).toHaveCount(0);
  }

  // The admin moves the embedded service's clock a month forward, in a browser of their own.
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signedInAs(admin, "admin");
    await expect(admin.getByRole("heading", { name: "Admin" })).toBeVisible();
    await admin.goto("/admin/jobs");
    await expect(admin.getByTestId("embedded-date")).toHaveText("November 2026");
    await admin.getByRole("button", { name: "Move a month forward" }).click();
    await expect(admin.getByTestId("embedded-date")).toHaveText("December 2026");
    await expectNoSeriousViolations(admin);
  } finally {
    await context.close();
  }

  // The officer refreshes again: the loans have been paid down and the homes have gained value.
  for (const client of [OTHER, INVITED]) {
    await show(client.name);
    await page.getByRole("button", { name: `Refresh ${client.name} now` }).click();
    await expect(miRow(client.name)).toBeVisible();
  }
  await miRow(INVITED.name).locator("summary").click();
  await expect(miRow(INVITED.name)).toContainText(
    /The loan is (80\.0|79\.\d)% of today's value \(80% or below after 7 years\)/,
  );
  await expect(miRow(INVITED.name).getByTestId("opportunity-status")).toHaveText("open");
  await expect(clientRow(INVITED.name)).toContainText("Invited");

  // Ranked by the money available at the maximum LTV, the most first.
  await page.goto("/clients");
  const amounts = (await page.getByTestId("client").locator("[data-equity]").allTextContents())
    .filter((t) => t !== "—")
    .map((t) => Number(t.replace(/[$,]/g, "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "clients-after-clock");
  // On a phone each client is a card; the page is no wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
