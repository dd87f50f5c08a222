import { expect, expectNoSeriousViolations, fromOutbox, signIn, test } from "./fixtures";

/**
 * A client the demo officer invited asks a question from the dashboard and a quote from a borrowing scenario; the
 * officer finds the quote on /leads with its figures and marks it contacted; the homeowner sees where it stands.
 */
test("a homeowner asks their officer a question and a quote; the officer finds it on /leads and marks it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `lead-client-${Date.now()}@example.com`;
  await signIn(page, "officer@example.com", "officer-demo");
  const invite = page.getByRole("region", { name: "Invite a client to their home dashboard" });
  await invite.getByLabel("Client's first name").fill("Timothy");
  await invite.getByLabel("Client's last name").fill("Van Dyke");
  await invite.getByLabel("Client's email").fill(email);
  await invite.getByLabel("Client's home address").fill("2856 Gilpin St, Denver, CO 80205");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  const link = await fromOutbox(browser, { emailTo: email });
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByLabel("Choose a password").fill("a-good-long-password");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();

  // A question from the dashboard; a second the same day says it was sent.
  const contact = page.getByRole("region", { name: /^Talk to / });
  await contact.getByRole("button", { name: "Ask a question" }).click();
  await contact.getByLabel(/^Your question for /).fill("Could I borrow for a new roof?");
  await expect(contact.getByText(/1,970 of 2,000 characters left/)).toBeVisible();
  await contact.getByRole("button", { name: "Send question" }).click();
  await expect(contact.getByRole("status").filter({ hasText: "Sent to" })).toContainText(/Sent to .+ on /);
  await expectNoSeriousViolations(page);
  await contact.getByRole("button", { name: "Send question" }).click();
  await expect(contact.getByText("You already sent this today.")).toBeVisible();

  // A quote from the home equity line, with a phone and the consent.
  await page.getByRole("article").filter({ hasText: "2856 Gilpin St" }).getByRole("link").first().click();
  const heloc = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Home equity line" }) });
  await heloc.getByRole("button", { name: "Get a quote" }).click();
  await heloc.getByLabel("Phone (optional)").fill("206 386 4000");
  await heloc.getByRole("checkbox", { name: /may call or text me/ }).check();
  await expectNoSeriousViolations(page);
  await heloc.getByRole("button", { name: /^Send to / }).click();
  await expect(heloc.getByTestId("lead-sent")).toContainText("Waiting for your loan officer");
  const propertyUrl = page.url();
  await page.getByRole("button", { name: "Sign out" }).click();

  // The officer's list shows the quote with its figures; they open it and mark it contacted.
  await signIn(page, "officer@example.com", "officer-demo");
  await page.goto("/leads");
  const row = page.getByTestId("lead").filter({ hasText: "Quote request" }).filter({ hasText: "2856 GILPIN ST" }).first();
  await expect(row).toContainText("Home equity line: amount $");
  await row.getByRole("link").click();
  await expect(page.getByRole("link", { name: "Call +12063864000" })).toHaveAttribute("href", "tel:+12063864000");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Mark contacted" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  await page.getByRole("button", { name: "Sign out" }).click();

  await signIn(page, email, "a-good-long-password");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await page.goto(propertyUrl);
  await expect(
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Home equity line" }) })
      .getByTestId("lead-sent"),
  ).toContainText("Your loan officer has been in touch");
});
