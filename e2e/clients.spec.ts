import { readFileSync } from "node:fs";
import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";

// Two houses of the embedded data set with a mortgage on record, and the person each deed names (public record); no
// other journey uses them.
const REFINANCE = { name: "Katherine Roberts", address: "947 Greenwood Ave NE, Atlanta, GA 30306" };
const OTHER = { name: "Kwame Nguyen", address: "960 Greenwood Ave NE, Atlanta, GA 30306" };

test("a loan officer imports past clients, sees the row errors, refreshes one and marks its opportunity contacted", async ({
  page,
}, testInfo) => {
  test.slow();
  const [refinance, other] = [REFINANCE, OTHER];
  await signedInAs(page, "officer");
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
  await expect(page.getByRole("heading", { name: "Client portfolio" })).toBeVisible();
  // Import, add and download have a page of their own: the list comes first.
  await page.getByRole("link", { name: "Import, add or download" }).click();
  await expect(page.getByRole("heading", { name: "Import, add or download clients" })).toBeVisible();

  const csv = [
    "name,email,address,balance,rate,type,closing date",
    `"${refinance.name}",,"${refinance.address}",150000,9.75,conventional,2019-03-15`,
    `"${other.name}",,"${other.address}",,,,`,
    `"Pat Doe",not-an-email,"${other.address}",,,,`,
  ].join("\n");
  await page.getByLabel("CSV with a header row, up to 2,000 clients").fill(csv);
  await page.getByRole("button", { name: "Import clients" }).click();
  await expect(page.getByTestId("import-summary")).toContainText(
    "2 added, 0 merged with clients you had, 1 row with errors",
  );
  const error = page.getByTestId("import-error");
  await expect(error).toHaveCount(1);
  await expect(error).toContainText("email is not an email address");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the row errors (CSV)" }).click();
  const errors = readFileSync((await (await download).path())!, "utf8");
  expect(errors).toContain("email is not an email address");
  await page.getByRole("link", { name: "← Back to the clients" }).click();

  // The demo officer has a page of clients already: the search finds the new one, and the address keeps it.
  await page.getByLabel("Search clients").fill(refinance.name.toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=katherine\+roberts/);
  await expect(page.getByTestId("clients-shown")).toHaveText("1 client matching “katherine roberts”");
  await expect(page.getByTestId("client")).toHaveCount(1);

  // Refresh the client with the 9.75% loan: a rate-and-term refinance whatever the home is worth, as a tag on their
  // row.
  const client = page.getByTestId("client").filter({ hasText: refinance.name });
  await page.getByRole("button", { name: `Refresh ${refinance.name} now` }).click();
  const tag = client.getByTestId("opportunity").filter({ hasText: "Rate refinance" });
  await expect(tag).toBeVisible();
  await tag.locator("summary").click();
  await expect(tag).toContainText("9.75%");
  await expect(tag.getByTestId("opportunity-status")).toHaveText("open");
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "clients");

  await tag.getByRole("button", { name: `Mark Rate-and-term refinance for ${refinance.name} contacted` }).click();
  await expect(tag.getByTestId("opportunity-status")).toHaveText("contacted");
  await expect(tag.locator("summary")).toContainText("contacted");

  // The filter by kind keeps the clients being worked for it, this one among them.
  await page
    .getByRole("navigation", { name: "Clients by opportunity" })
    .getByRole("link", { name: /^Rate-and-term refinance/ })
    .click();
  await expect(page).toHaveURL(/kind=rate_refinance/);
  await expect(page.getByTestId("client").filter({ hasText: refinance.name })).toHaveCount(1);
  for (const row of await page.getByTestId("client").all())
    await expect(row.getByTestId("opportunity").filter({ hasText: "Rate refinance" })).toHaveCount(1);

  // Dismissed with a reason: the tag says so, and the filter (for what is being worked) leaves the client out.
  const filtered = page
    .getByTestId("client")
    .filter({ hasText: refinance.name })
    .getByTestId("opportunity")
    .filter({ hasText: "Rate refinance" });
  // The tag opened on the page before may still be open after the filter's navigation: opened if it is not.
  if (!(await filtered.evaluate((details) => (details as HTMLDetailsElement).open)))
    await filtered.locator("summary").click();
  await filtered.getByRole("button", { name: `Dismiss Rate-and-term refinance for ${refinance.name}…` }).click();
  await filtered.getByLabel("Why").selectOption("done_elsewhere");
  await filtered.getByLabel("Note (optional)").fill("Refinanced with her credit union");
  await expectNoSeriousViolations(page);
  await filtered.getByRole("button", { name: "Dismiss", exact: true }).click();
  await page.reload();
  await expect(page.getByTestId("client").filter({ hasText: refinance.name })).toHaveCount(0);

  // Every client again, 50 a page, ranked by available equity: the next page is an address of its own.
  await page
    .getByRole("navigation", { name: "Clients by opportunity" })
    .getByRole("link", { name: "Every client" })
    .click();
  await expect(page).not.toHaveURL(/kind=/);
  await page.getByRole("link", { name: "Show every client" }).click();
  await expect(page.getByTestId("clients-shown")).toHaveText(/^1–50 of \d+ clients$/);
  const amounts = (await page.getByTestId("client").locator("[data-equity]").allTextContents())
    .filter((t) => t !== "—")
    .map((t) => Number(t.replace(/[$,]/g, "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  await page.getByRole("navigation", { name: "Pages of clients" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("clients-shown")).toHaveText(/^51–\d+ of \d+ clients$/);
  await expectNoSeriousViolations(page);
});

test("the demo officer on a phone finds the clients on the first screen, filters by kind and reads a tag's reason", async ({
  page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, "officer", "/clients");
  // The demo portfolio comes refreshed: its first refreshes run at start, and the kinds appear as they are found.
  const kinds = page.getByRole("navigation", { name: "Clients by opportunity" }).getByRole("link");
  await expect(async () => {
    await page.reload();
    expect(await kinds.count()).toBeGreaterThan(2);
  }).toPass({ timeout: 60_000 });
  const first = await page.getByTestId("client").first().boundingBox();
  expect(first!.y).toBeLessThan(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshots(page, testInfo, "clients-phone");
  await page.setViewportSize({ width: 390, height: 844 });

  await kinds.filter({ hasText: "Home equity line" }).click();
  await expect(page).toHaveURL(/kind=home_equity_line/);
  const card = page.getByTestId("client").first();
  const tag = card.getByTestId("opportunity").filter({ hasText: "HELOC" });
  await tag.locator("summary").click();
  await expect(tag.getByText(/a home equity line of up to \$[\d,]+ is available/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "clients-phone-tag");

  // On a desktop the page of 50 refreshed clients stays short enough to read (once the first refreshes are done, and
  // the line telling their progress gone).
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(async () => {
    await page.goto("/clients");
    await expect(page.getByTestId("refresh-progress")).toHaveCount(0);
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId("client")).toHaveCount(50);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
  await screenshots(page, testInfo, "clients-desktop");
});
