import { expect, screenshots, signedInAs, test } from "./fixtures";

// One way to write each fact wherever it appears (lib/format): days in words, owners as people write their names, loan
// types as lenders do, U+2212 for a minus, addresses in the page's case, and one recent lookup per address.
const HOME = "3901 Wallingford Ave N, Seattle, WA 98103";

test("the lookup writes owners, coordinates and the recent lookups for people", async ({ page }, testInfo) => {
  await signedInAs(page, "officer", "/lookup");
  const lookUp = page.getByRole("button", { name: "Look up", exact: true });
  // The same house typed two ways (without its ZIP code and a suffix misspelt, then in full), and the demo homeowner's.
  await page.getByLabel("Address", { exact: true }).fill("2800 N 24th Stret, Phoenix AZ");
  await lookUp.click();
  await expect(page.getByTestId("deliverability")).toHaveText(/^Confirmed/);
  await page.getByLabel("Address", { exact: true }).fill(HOME);
  await lookUp.click();
  await expect(page.getByTestId("deliverability")).toHaveText(/^Confirmed/);
  await page.getByLabel("Address", { exact: true }).fill("2800 N 24th St, Phoenix, AZ 85008");
  await page.getByLabel("Applicant name").fill("Patrick Lindqvist");
  await lookUp.click();
  await expect(page.getByTestId("verification-result")).toHaveText(/is verified as an owner/);
  await screenshots(page, testInfo, "formats-lookup");

  const owners = page.getByRole("heading", { name: "Owners on record" }).locator("..").getByRole("listitem");
  await expect(owners.first()).toHaveText(/^[A-Z][a-z]/);
  await expect(owners.filter({ hasText: /^Patrick( [A-Z]\.)? Lindqvist/ })).toHaveCount(1);
  // Phoenix is west of Greenwich: its longitude and UTC offset are negative, with a true minus sign.
  await expect(page.getByText(/Maricopa County · 33\.\d{5}, \u2212112\.\d{5} · .* \(UTC\u22127/)).toBeVisible();

  const history = page.getByRole("complementary", { name: "Your recent lookups" });
  await expect(history.getByRole("link", { name: "2800 N 24th St, Phoenix, AZ 85008", exact: true })).toHaveCount(1);
  await expect(history.getByRole("link", { name: HOME, exact: true })).toHaveCount(1);
  // Another spelling of the house is not a second entry (the applicant's own link, "Patrick Lindqvist, 2800 …", aside).
  await expect(history.getByRole("link", { name: /^2800 N 24th St/ })).toHaveCount(1);
  await expect(history.getByText(/\d{4}-\d{2}-\d{2}|GMT/)).toHaveCount(0);
});

test("the homeowner's access log and records say days in words and addresses in the page's case", async ({
  page,
}, testInfo) => {
  await signedInAs(page, "homeowner");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await page.goto("/account");
  const log = page.getByTestId("access-log");
  await expect(log).toBeVisible();
  await screenshots(page, testInfo, "formats-account");
  await expect(log.getByText(HOME, { exact: true }).first()).toBeVisible();
  await expect(log.getByText(HOME.toUpperCase(), { exact: true })).toHaveCount(0);
  await expect(log.locator("time").first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);

  await page.goto("/dashboard");
  const card = page.getByRole("article").filter({ hasText: "3901 Wallingford Ave N" });
  await card.getByRole("link", { name: "3901 Wallingford Ave N", exact: true }).click();
  const loans = page
    .getByRole("region", { name: "What you owe" })
    .getByRole("table", { name: "Active loans on record" });
  await expect(loans).toBeVisible();
  await screenshots(page, testInfo, "formats-home");
  const first = loans.getByRole("row").nth(1);
  await expect(first).toContainText(/Conventional|FHA|VA|HELOC|Private/);
  await expect(first).not.toContainText(/CONVENTIONAL|\d\.\d{2}0%/);
  await expect(first).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(page.getByText(/Since last month: [+\u2212]?\$[\d,]+ \([+\u2212]?\d+\.\d%\)/)).toBeVisible();
});
