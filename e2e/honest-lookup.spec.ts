import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { expect, expectNoSeriousViolations, screenshots, signedInAs, signIn, signUp, test } from "./fixtures";

// Issue 14: the lookup and the onboarding say only what the service confirmed, and say plainly what is wrong otherwise.

test("onboarding confirms only a home the service found, says what is wrong otherwise, and sends what the person chose", async ({
  page,
}, testInfo) => {
  await signUp(page, `honest-${Date.now()}@example.com`);
  const status = page.getByTestId("address-status");

  // An empty form names what is missing in words, and each message goes as its field is filled.
  await page.getByRole("button", { name: "Add my home" }).click();
  await expect(page.getByText("Enter your first name")).toBeVisible();
  await expect(page.getByText("Enter your last name")).toBeVisible();
  await expect(page.getByText("Enter your home address")).toBeVisible();
  await expect(page.getByText(/is required/)).toHaveCount(0);
  await page.getByLabel("First name").fill("Patrick");
  await expect(page.getByText("Enter your first name")).toHaveCount(0);
  await page.getByLabel("Last name").fill("Lindqvist");
  await expect(page.getByText("Enter your last name")).toHaveCount(0);

  const address = page.getByLabel("Home address");
  await address.fill("123 Main St, Springfield, IL 62701");
  await expect(status).toContainText("could not confirm");
  await expect(status).toContainText("85008 (Phoenix, AZ)");
  await expect(status).toContainText("80205 (Denver, CO)");
  await expect(status).not.toContainText("Address confirmed");
  await screenshots(page, testInfo, "onboarding-not-found");

  await address.fill("9999 N 24th St, Phoenix, AZ 85008");
  await expect(status).toContainText("house number");
  await expect(status).not.toContainText("Address confirmed");

  await address.fill("2605 n 24th st phx az");
  await expect(status).toContainText('"PHX"');
  await expect(status).toContainText("no ZIP code");
  await expect(status).not.toContainText("do not match a US ZIP code");

  // A building with several homes: the unit is asked for, and the home with it is confirmed.
  await address.fill("2451 E Oak St, Phoenix, AZ 85008");
  await expect(status).toContainText("several homes");
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "onboarding-unit");
  await status.getByLabel("Unit number").fill("101");
  await status.getByRole("button", { name: "Add the unit" }).click();
  await expect(address).toHaveValue(/^2451 E Oak St Apt 101, Phoenix, AZ 85008/);
  await expect(status).toContainText("Address confirmed");

  await address.fill("2800 N 24th St, Phoenix, AZ 85008");
  await expect(status).toContainText("Address confirmed");

  // A typo gets the street's own ZIP code, and the suggestion is not sent unless accepted.
  const typed = "2800 N 24th Stret, Phoenix AZ";
  await address.fill(typed);
  await expect(status).toContainText("Did you mean 2800 N 24th St, Phoenix, AZ 85008-1114?");
  // The form's server action: what it sends is the form's fields.
  const sent = page.waitForRequest((request) => request.method() === "POST" && !!request.headers()["next-action"]);
  await page.getByRole("button", { name: "Add my home" }).click();
  const posted = (await sent).postData() ?? "";
  for (const value of ["Patrick", "Lindqvist", typed]) expect(posted).toContain(value);
  expect(posted).not.toContain("2800 N 24th St, Phoenix, AZ 85008");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "2800 N 24th St" })).toBeVisible();
});

test("the lookup explains what it could not confirm, asks for a unit, says why nothing can be borrowed, and keeps the applicant", async ({
  page,
  browser,
}, testInfo) => {
  // Three sign-ins and two audits of the page: about 20 s on its own.
  test.setTimeout(60_000);
  await signedInAs(page, "officer", "/lookup");
  await expect(page.getByRole("heading", { name: "Look up an address" })).toBeVisible();
  const lookUp = page.getByRole("button", { name: "Look up", exact: true });

  await lookUp.click();
  await expect(page.getByText("Enter an address to look up")).toBeVisible();

  await page.getByLabel("Address", { exact: true }).fill("100 Nowhere Ln, Phoenix, AZ 85008");
  await expect(page.getByText("Enter an address to look up")).toHaveCount(0);
  await lookUp.click();
  await expect(page.getByTestId("deliverability")).toHaveText(/^Not confirmed/);
  await expect(page.getByText("Address not found")).toBeVisible();
  await expect(page.getByText(/Corrected:/)).toHaveCount(0);
  await screenshots(page, testInfo, "lookup-not-found");

  await page.getByLabel("Address", { exact: true }).fill("2451 E Oak St, Phoenix, AZ 85008");
  await lookUp.click();
  await expect(page.getByTestId("deliverability")).toContainText("several units");
  // Said once: the delivery point's meaning names the missing unit, the footnote does not repeat it.
  await expect(page.getByText("Unit number missing")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "lookup-unit");
  await page.getByLabel("Unit number").fill("101");
  await page.getByRole("button", { name: "Look up this unit" }).click();
  await expect(page.getByTestId("standardized-address")).toHaveText(/^2451 E Oak St Apt 101, Phoenix, AZ 85008/);
  await expect(page.getByTestId("deliverability")).toHaveText(/^Confirmed/);

  const history = page.getByRole("complementary", { name: "Your recent lookups" });
  const spent = Number(await page.getByTestId("billable-today").textContent());
  await page.getByLabel("Address", { exact: true }).fill("2633 N 26th St, Phoenix, AZ 85008");
  await page.getByLabel("Applicant name").fill("Samantha Jones");
  await lookUp.click();
  await expect(page.getByText("Maximum loan-to-value: 80% (the organization's)")).toBeVisible();
  await expect(
    page.getByText(
      /Nothing is available to borrow: the loans on record \(\$[\d,]+\) already exceed the most that can be borrowed against this home at a maximum loan-to-value of 80%/,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("verification-result")).toHaveText(/is verified as an owner/);
  await screenshots(page, testInfo, "lookup-over-ltv");

  // The sidebar catches up without a reload, and reopening the lookup keeps the applicant.
  await expect(history.getByRole("link", { name: "2633 N 26th St, Phoenix, AZ 85008", exact: true })).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId("billable-today").textContent())).toBeGreaterThan(spent);
  await page.getByLabel("Applicant name").fill("");
  await history.getByRole("link", { name: "2633 N 26th St, Phoenix, AZ 85008", exact: true }).click();
  await expect(page.getByLabel("Applicant name")).toHaveValue("Samantha Jones");
  await expect(page.getByTestId("verification-result")).toHaveText(/Samantha Jones is verified as an owner/);

  // Kept on the server for this officer: another browser, signed in anew, lists the applicant and reopens the lookup
  // with the name, from the keyboard.
  const elsewhere = await browser.newContext();
  const again = await elsewhere.newPage();
  await signIn(again, "officer@example.com", "officer-demo");
  await again.goto("/lookup");
  const applicants = again.getByRole("list", { name: "Recent applicants, last verified first" });
  const samantha = applicants.getByRole("link", { name: "Samantha Jones, 2633 N 26th St, Phoenix, AZ 85008" });
  await expect(applicants.getByRole("listitem").first()).toContainText("Samantha Jones");
  await expectNoSeriousViolations(again);
  await samantha.focus();
  await again.keyboard.press("Enter");
  await expect(again.getByLabel("Applicant name")).toHaveValue("Samantha Jones");
  await expect(again.getByTestId("verification-result")).toHaveText(/Samantha Jones is verified as an owner/);
  await expect(again).toHaveURL(/address=/);
  expect(again.url()).not.toContain("Samantha");
  await elsewhere.close();

  // The list is the officer's own: the admin's lookup page does not show it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signedInAs(adminPage, "admin", "/lookup");
  await expect(adminPage.getByRole("heading", { name: "Recent applicants" })).toBeVisible();
  await expect(adminPage.getByText("Samantha Jones")).toHaveCount(0);
  await adminContext.close();
});

test("a batch keeps a first line that mentions a street, takes a line without ZIP code, and counts only confirmed rows", async ({
  page,
}, testInfo) => {
  await signedInAs(page, "officer", "/lookup");
  await page
    .getByLabel(/Addresses, one per line/)
    .fill(
      ["2800 N 24th Street, Phoenix, AZ 85008", "416 W Mary St, Austin TX", "9999 N 24th St, Phoenix, AZ 85008"].join(
        "\n",
      ),
    );
  await page.getByRole("button", { name: "Standardize all" }).click();
  const rows = page.getByRole("table", { name: "Standardized addresses" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("2800 N 24th Street, Phoenix, AZ 85008");
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText("1");
  await expect(rows.nth(2)).toContainText("416 W Mary St, Austin, TX 78704");
  await expect(page.getByText("2 standardized, 1 not confirmed, 0 with errors.")).toBeVisible();
  await screenshots(page, testInfo, "batch");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  const [header, ...data] = Papa.parse<string[]>(csv.trim()).data;
  expect(header).toContain("input");
  const input = header!.indexOf("input");
  expect(data.map((row) => [row[0], row[input]])).toEqual([
    ["1", "2800 N 24th Street, Phoenix, AZ 85008"],
    ["2", "416 W Mary St, Austin TX"],
    ["3", "9999 N 24th St, Phoenix, AZ 85008"],
  ]);
});
