import { readFileSync } from "node:fs";
import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";
import { freshDemoCode } from "./staff";

const HOME = "3901 Wallingford Ave N, Seattle, WA 98103";
const OFFICER = "officer@example.com";

test("an officer looks up the demo homeowner's home; the homeowner sees who looked; the admin finds it in the log and downloads it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);

  // The officer looks the home up, naming its owner as the applicant.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await signedInAs(officer, "officer", "/lookup");
  await expect(officer.getByRole("heading", { name: "Look up an address" })).toBeVisible();
  await officer.getByLabel("Address", { exact: true }).fill(HOME);
  await officer.getByLabel("Applicant name").fill("Matthew Sanchez");
  await officer.getByLabel("Applicant name").press("Enter");
  await expect(officer.getByTestId("standardized-address")).toContainText("3901 Wallingford Ave N");
  await expect(officer.getByTestId("service-estimate").first()).toBeVisible();
  await officerContext.close();

  // The homeowner reads on their account page who looked at their home's records.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signedInAs(owner, "homeowner");
  await expect(owner.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await owner.goto("/account");
  const looked = owner
    .locator("section")
    .filter({ has: owner.getByRole("heading", { name: "Who looked at my home's records" }) });
  await expect(looked).toContainText(OFFICER);
  await ownerContext.close();

  // The admin finds the officer's reads in the activity log, checks the chain and downloads the file.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  await page.getByRole("link", { name: "Activity log" }).click();
  await expect(page.getByRole("heading", { name: "Activity log", level: 1 })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filter the activity log" });
  await filters.getByLabel("Person's email").fill(OFFICER);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]actor=officer%40example\.com/);
  const table = page.getByRole("table", { name: /matching the filters/ });
  const rows = table.getByTestId("audit-event");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(OFFICER);
  await expect(rows.filter({ hasText: "3901 Wallingford Ave N" }).first()).toBeVisible();
  await expect(filters.getByLabel("Person's email")).toHaveValue(OFFICER);
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "activity-log");

  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("audit-verify-result")).toHaveText(/^The log is intact: [\d,]+ events checked\.$/);

  // The download as the page meets a step-up: the first answer says the factor is old, the dialog takes a code.
  let asked = false;
  await page.route("**/api/admin/audit?*format=csv*", async (route) => {
    if (asked) return route.continue();
    asked = true;
    await route.fulfill({ status: 403, json: { error: { code: "step_up_required", message: "Confirm it is you." } } });
  });
  await page.getByRole("button", { name: "Download CSV of these events" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog
    .getByLabel("Enter the 6-digit code from your authenticator app, or a recovery code")
    .fill(await freshDemoCode(page.url(), "admin@example.com"));
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe(
    "id,at,action,description,outcome,actor_email,actor_role,actor_ref,partner_site_id,subject_ref,owner_id,property_id,address,detail,ip,request_id",
  );
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(OFFICER);
  // The address as standardized (capitals, as the service writes it).
  expect(lines.some((line) => line.toUpperCase().includes("3901 WALLINGFORD AVE N"))).toBe(true);
  await expect(page.getByText(/^Downloaded activity-log-/)).toBeVisible();
  await adminContext.close();
});
