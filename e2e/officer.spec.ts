import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PropertyReport } from "@/lib/property-api/schemas/report";
import { expect, expectNoSeriousViolations, expectValuationsBranded, screenshots, signedInAs, test } from "./fixtures";

async function downloadText(page: Page, format: string): Promise<{ name: string; body: Buffer }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download report (${format})` }).click();
  const file = await download;
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

test("the demo loan officer looks up a messy address, verifies the applicant, values it, prices the equity and downloads the report", async ({
  page,
}, testInfo) => {
  await signedInAs(page, "officer", "/lookup");
  await expect(page.getByRole("heading", { name: "Look up an address" })).toBeVisible();

  // The whole lookup with the keyboard alone.
  await page.getByLabel("Address", { exact: true }).focus();
  await page.keyboard.type("2800 north 24th street phoenix arizona 85016");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Patrick Lindqvist");
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("standardized-address")).toHaveText("2800 N 24th St, Phoenix, AZ 85008-1114");
  await expect(page.getByTestId("deliverability")).toHaveText(/^Confirmed/);
  await expect(page.getByText("Maricopa County")).toBeVisible();
  await expect(page.getByTestId("verification-result")).toHaveText(/is verified as an owner/);
  const estimate = page.getByTestId("service-estimate");
  await expect(estimate).toContainText("Valuation provided by Property Data Service");
  await expect(page.getByRole("heading", { name: "Property facts" })).toBeVisible();
  await expect(page.getByTestId("available-equity")).toBeVisible();
  await expectValuationsBranded(page);
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "lookup");

  const available = page.getByTestId("available-equity");
  const before = await available.textContent();
  await page.getByLabel(/Maximum loan-to-value/).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(available).not.toHaveText(before!);

  const pdf = await downloadText(page, "PDF");
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
  const html = (await downloadText(page, "HTML")).body.toString();
  for (const title of ["Property details", "Flood zone", "Sales history", "Automated valuation models"])
    expect(html).toContain(`>${title}</h2>`);
  expect(html.match(/<section id=/g)).toHaveLength(14);
  // The HTML report on its own, checked with axe like the app's pages.
  const reportPage = await page.context().newPage();
  await reportPage.setContent(html);
  await expectNoSeriousViolations(reportPage);
  await reportPage.close();
  const json = JSON.parse((await downloadText(page, "JSON")).body.toString());
  expect(PropertyReport.safeParse(json).success).toBe(true);
  expect(json.applicantName).toBe("Patrick Lindqvist");
});

test("a wrong applicant is not verified, and a repeat lookup spends nothing", async ({ page }) => {
  await signedInAs(page, "officer", "/lookup");
  await page.getByLabel("Address", { exact: true }).fill("2605 N 24th St, Phoenix, AZ 85008");
  await page.getByLabel("Applicant name").fill("Jane Nobody");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("verification-result")).toHaveText(/is not verified/);
  await expect(page.getByTestId("service-estimate")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Property facts" })).toBeVisible();
  await expect(page.getByText("Loading")).toHaveCount(0);

  await page.goto("/lookup");
  const spent = Number(await page.getByTestId("billable-today").textContent());
  await page.getByLabel("Address", { exact: true }).fill("2605 n. 24th street, phoenix, az 85008");
  await page.getByLabel("Applicant name").fill("Jane Nobody");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("verification-result")).toHaveText(/is not verified/);
  await expect(page.getByTestId("service-estimate")).toBeVisible();
  await expect(page.getByText("Loading")).toHaveCount(0);
  await page.goto("/lookup");
  await expect(page.getByTestId("billable-today")).toHaveText(String(spent));
});

test("a batch of 20 addresses with 3 bad ones gives 17 results and 3 row errors", async ({ page }) => {
  await signedInAs(page, "officer", "/lookup");
  const good = [
    "2800 N 24th St, Phoenix, AZ 85008",
    "2605 N 24th St, Phoenix, AZ 85008",
    "2002 N Halsted St, Chicago, IL 60614",
    "3802 Stone Way N, Seattle, WA 98103",
    "817 N Highland Ave NE, Atlanta, GA 30306",
    "416 W Mary St, Austin, TX 78704",
    "2658 Downing St, Denver, CO 80205",
    "2604 N 24th St, Phoenix, AZ 85008",
    "2618 N 24th St, Phoenix, AZ 85008",
    "2632 N 24th St, Phoenix, AZ 85008",
    "2646 N 24th St, Phoenix, AZ 85008",
    "2660 N 24th St, Phoenix, AZ 85008",
    "2674 N 24th St, Phoenix, AZ 85008",
    "2688 N 24th St, Phoenix, AZ 85008",
    "2702 N 24th St, Phoenix, AZ 85008",
    "2716 N 24th St, Phoenix, AZ 85008",
    "2730 N 24th St, Phoenix, AZ 85008",
  ];
  const bad = ["just some words", "12 Main St, Atlantis, ZZ 00000", "no address here at all"];
  await page
    .getByLabel(/Addresses, one per line/)
    .fill([...good.slice(0, 8), bad[0], ...good.slice(8, 14), bad[1], ...good.slice(14), bad[2]].join("\n"));
  await page.getByRole("button", { name: "Standardize all" }).click();
  await expect(page.getByTestId("batch-ok")).toHaveCount(17);
  await expect(page.getByTestId("batch-error")).toHaveCount(3);
  await expect(page.getByText("17 standardized, 3 with errors.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as CSV" }).click();
  expect((await download).suggestedFilename()).toBe("normalized-addresses.csv");
});

test("the admin sees what the service costs and sets the maximum LTV", async ({ page }, testInfo) => {
  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  await expect(page.getByTestId("cache-hit-rate")).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "admin");
});
