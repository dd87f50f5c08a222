import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";

test("the demo officer opens a client's page on a phone, can call and mail them, and keeps a note", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, "officer", "/clients");
  // The first of the demo portfolio by last name: one with a phone and a term, as the demo clients all have.
  const listed = await page.request.get("/api/clients?sort=name&size=1");
  expect(listed.status()).toBe(200);
  const [client] = (await listed.json()).clients as { id: number; name: string; phone: string; email: string }[];
  expect(client!.phone).toMatch(/^\+1\d{3}55501\d\d$/);
  await page.goto(`/clients/${client!.id}`);

  await expect(page.getByRole("heading", { level: 1, name: client!.name })).toBeVisible();
  // Calling is the first thing on the screen: a tel: link in national format, above the fold.
  const call = page.getByRole("link", { name: /^Call \(\d{3}\) 555-01\d\d$/ });
  await expect(call).toHaveAttribute("href", `tel:${client!.phone}`);
  expect((await call.boundingBox())!.y).toBeLessThan(844);
  await expect(page.getByRole("link", { name: `Email ${client!.email}` })).toHaveAttribute(
    "href",
    `mailto:${client!.email}`,
  );
  await expect(page.getByTestId("client-term")).toHaveText(/^\d+ (years|months)$/);
  await expect(page.getByRole("heading", { name: "Reasons to call" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);

  // A note: an empty one is refused on the spot, a written one is listed first with its author, kept after a reload.
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Write the note first.")).toBeVisible();
  const words = `Called ${Date.now()}: wants the HELOC figures by mail.`;
  await page.getByLabel("Add a note").fill(words);
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note saved." })).toBeVisible();
  const notes = page.getByRole("list", { name: "Notes, newest first" });
  await expect(notes.getByRole("listitem").first()).toContainText(words);
  await page.reload();
  await expect(notes.getByRole("listitem").first()).toContainText(words);
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "client-page");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("heading", { name: "Loan and home" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expectNoSeriousViolations(page);

  // Another client id than the officer's is a page not found, not a refusal that says it exists.
  const missing = await page.goto("/clients/2000000000");
  expect(missing!.status()).toBe(404);
});
