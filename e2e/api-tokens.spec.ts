import { request } from "@playwright/test";
import { expect, expectNoSeriousViolations, signedInAs, test } from "./fixtures";

test("an officer makes an API token on /account, sees it once, calls the API with it and revokes it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs(page, "officer", "/account");
  const section = page.getByRole("region", { name: "API tokens" });
  const name = `CRM sync ${Date.now()}`;
  await section.getByLabel("Token name").fill(name);
  await section.getByRole("checkbox", { name: /clients:read/ }).check();
  await section.getByLabel("Expires after").selectOption("30");
  await section.getByRole("button", { name: "Create token" }).click();
  const shown = section.getByLabel("Your new token");
  await expect(shown).toHaveValue(/^hdt_[\w-]{43}$/);
  const token = await shown.inputValue();
  await expect(section.getByText("it is shown only this once")).toBeVisible();
  await section.getByRole("button", { name: "Copy token" }).click();
  await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = section.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Never");
  await expectNoSeriousViolations(page);

  // The API answers the token (a CRM's call: no cookie), and the list shows its use but never the token again.
  const crm = await request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await crm.get("/api/clients", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.reload();
  await expect(section.getByRole("row", { name: new RegExp(name) })).not.toContainText("Never");
  await expect(page.getByText(token)).toHaveCount(0);
  expect(await page.content()).not.toContain(token);

  await section.getByRole("button", { name: `Revoke ${name}` }).click();
  await section.getByRole("button", { name: "Yes, revoke it" }).click();
  await expect(section.getByText(`"${name}" is revoked`)).toBeVisible();
  expect((await crm.get("/api/clients", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await crm.dispose();
});

test("an admin makes an organization token on /admin and finds everyone's tokens there, with their owners", async ({
  page,
}) => {
  await signedInAs(page, "admin", "/admin");
  const section = page.getByRole("region", { name: "API tokens" });
  const name = `Lender CRM ${Date.now()}`;
  await section.getByLabel("Token name").fill(name);
  await section.getByRole("button", { name: "Create token" }).click();
  // No scope picked: the form says so and makes nothing.
  await expect(section.getByText("scopes must name at least one scope")).toBeVisible();
  await section.getByRole("checkbox", { name: /lookups/ }).check();
  await section.getByRole("checkbox", { name: /clients:write/ }).check();
  await section.getByLabel("Expires after").selectOption("365");
  await section.getByRole("button", { name: "Create token" }).click();
  await expect(section.getByLabel("Your new token")).toHaveValue(/^hdt_/);
  const row = section.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("admin@example.com");
  await expect(row).toContainText("clients:write, lookups");
  await expectNoSeriousViolations(page);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await section.getByRole("button", { name: "Yes, revoke it" }).click();
  await expect(section.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");
});
