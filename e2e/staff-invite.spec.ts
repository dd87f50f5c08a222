import { expect, expectNoSeriousViolations, fromOutbox, signedInAs, test } from "./fixtures";

test("an admin invites a loan officer by email; the link lets them choose a password, then they set up a second factor", async ({
  page,
  browser,
}) => {
  const email = `invited-${Date.now()}@example.com`;
  await signedInAs(page, "admin", "/admin");
  // The page's two invitations and two offers' fields each have a name of their own.
  await expect(page.getByRole("button", { name: "Send invitation", exact: true })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Send staff invitation", exact: true })).toHaveCount(1);
  for (const name of [
    "Home equity line rate (% a year)",
    "Cash-out refinance rate (% a year)",
    "Home equity line term (years)",
    "Cash-out refinance term (years)",
  ])
    await expect(page.getByRole("spinbutton", { name, exact: true })).toHaveCount(1);
  const form = page.getByRole("region", { name: "Add a staff member" });
  await expect(form.getByLabel("Email them an invitation to choose a password")).toBeChecked();
  await expect(form.getByLabel("Password", { exact: true })).toHaveCount(0);
  // "Set a password now" shows the password field, and choosing the invitation again hides it.
  await form.getByLabel("Set a password now").check();
  await expect(form.getByLabel("Password", { exact: true })).toBeVisible();
  await form.getByLabel("Email them an invitation to choose a password").check();
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByRole("button", { name: "Send staff invitation" }).click();
  await expect(form.getByText(`Invitation sent to ${email}. The link works once, for 3 days.`)).toBeVisible();
  await expectNoSeriousViolations(page);

  const link = new URL(await fromOutbox(browser, { emailTo: email }));
  const invited = await browser.newContext();
  const person = await invited.newPage();
  await person.goto(link.pathname + link.search);
  await expect(person.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await person.getByLabel("Password").fill("my-own-staff-passphrase");
  await person.getByRole("button", { name: "Set my password and sign in" }).click();
  await expect(person.getByTestId("enrolment-notice")).toBeVisible();
  await invited.close();
});
