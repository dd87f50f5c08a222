import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { expect, expectNoSeriousViolations, fromOutbox, signedInAs, signIn, test } from "./fixtures";

/**
 * A client the demo officer invited opens the emailed link, chooses a password and lands on the verified dashboard
 * (the link works once); they ask a question from the dashboard and a quote from a borrowing scenario; the officer
 * finds the quote on /leads with its figures and marks it contacted; the homeowner sees where it stands.
 */
test("a client invited by the officer lands on the verified dashboard, asks a question and a quote; the officer finds it on /leads and marks it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `lead-client-${Date.now()}@example.com`;
  await signedInAs(page, "officer", "/lookup");
  const invite = page.getByRole("region", { name: "Invite a client to their home dashboard" });
  await invite.getByLabel("Client's first name").fill("Timothy");
  await invite.getByLabel("Client's last name").fill("Van Dyke");
  await invite.getByLabel("Client's email").fill(email);
  await invite.getByLabel("Client's home address").fill("2856 Gilpin St, Denver, CO 80205");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  // Each person in turn in this browser, the demo officer by the journeys' session, which is not signed out (it is
  // every journey's): the browser forgets it instead.
  await page.context().clearCookies();

  const link = await fromOutbox(browser, { emailTo: email });
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByText("Welcome, Timothy Van Dyke")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel("Choose a password").fill("a-good-long-password");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await expect(
    page.getByRole("article").filter({ hasText: "2856 Gilpin St" }).getByText("Loan-to-value"),
  ).toBeVisible();

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
  // Their officer sends them the monthly digest, unless they untick it.
  await page.goto("/account");
  await expect(page.getByRole("checkbox", { name: /A monthly digest/ })).toBeChecked();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  // The link works once.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByText(/already used/)).toBeVisible();

  // The officer's list shows the quote with its figures; they open it and mark it contacted.
  await signedInAs(page, "officer", "/leads");
  const row = page
    .getByTestId("lead")
    .filter({ hasText: "Quote request" })
    .filter({ hasText: "2856 GILPIN ST" })
    .first();
  await expect(row).toContainText("Home equity line: amount $");
  await row.getByRole("link").click();
  // The phone as it is dialled in the US, the link the number itself.
  await expect(page.getByRole("link", { name: "Call (206) 386-4000" })).toHaveAttribute("href", "tel:+12063864000");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Mark contacted" }).click();
  await expect(page.getByTestId("lead-status")).toHaveText("Contacted");
  await page.context().clearCookies();

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

/**
 * Issue 39's whole loop with the demo accounts: the demo homeowner asks a quote for a home equity line from their
 * property page; the demo officer is mailed, finds it on /leads with the scenario's figures and marks it contacted;
 * the homeowner reads where it stands; the lender's CRM (a receiver started here) got `lead.created` and
 * `lead.updated`, signed as Standard Webhooks, and the admin sees both deliveries.
 */
test("the demo homeowner's quote reaches the officer's mail, /leads and the lender's CRM, and comes back as a status", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const crm = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    crm.listen(0, "127.0.0.1", () => resolve((crm.address() as { port: number }).port)),
  );
  const url = `http://127.0.0.1:${port}/leads`;
  const adminContext = await browser.newContext();
  try {
    // The lender's admin points lead events at the CRM and keeps the secret.
    const admin = await adminContext.newPage();
    await signedInAs(admin, "admin", "/admin/webhooks");
    const form = admin.getByRole("region", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill(url);
    for (const event of ["opportunity.found", "client.refreshed", "homeowner.engaged"])
      await form.getByLabel(event).uncheck();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await admin.getByTestId("webhook-secret").textContent())!;
    await admin.getByRole("button", { name: "I have kept it" }).click();

    // The demo homeowner asks a quote for a home equity line, with a phone and the lender's consent.
    await signedInAs(page, "homeowner");
    await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
    await expect(page.getByTestId("officer-card")).toContainText("NMLS");
    await page.getByRole("link", { name: "3901 Wallingford Ave N", exact: true }).first().click();
    const line = page
      .getByRole("region", { name: "What you could borrow" })
      .getByRole("article", { name: "Home equity line" });
    await line.getByLabel(/^Amount/).fill("60000");
    await line.getByRole("button", { name: "Get a quote" }).click();
    await line.getByLabel("Phone (optional)").fill("206 386 4000");
    const consent = line.getByRole("checkbox", { name: /may call or text me/ });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await line.getByRole("button", { name: /^Send to / }).click();
    await expect(line.getByTestId("lead-sent")).toContainText(/Sent to .+ on /);
    await expect(line.getByTestId("lead-sent")).toContainText("Waiting for your loan officer");
    await expectNoSeriousViolations(page);
    const propertyUrl = page.url();

    // The officer's mail is in the outbox (a job sends it, within the minute).
    await expect
      .poll(
        async () => {
          await admin.goto("/admin/outbox");
          return admin
            .getByRole("article")
            .filter({ hasText: "Email to officer@example.com" })
            .filter({ hasText: "New lead: a quote request" })
            .count();
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);

    // The officer finds it on /leads with the scenario's figures, opens it and marks it contacted (each demo account
    // by the journeys' session, which is taken in turn, not signed out).
    await signedInAs(page, "officer", "/leads");
    const row = page
      .getByTestId("lead")
      .filter({ hasText: "Quote request" })
      .filter({ hasText: "3901 WALLINGFORD AVE N" })
      .first();
    await expect(row).toContainText("Home equity line: amount $60,000");
    await row.getByRole("link").click();
    await page.getByRole("button", { name: "Mark contacted" }).click();
    await expect(page.getByTestId("lead-status")).toHaveText("Contacted");

    // The homeowner reads where it stands.
    await signedInAs(page, "homeowner");
    await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
    await page.goto(propertyUrl);
    await expect(
      page
        .getByRole("region", { name: "What you could borrow" })
        .getByRole("article", { name: "Home equity line" })
        .getByTestId("lead-sent"),
    ).toContainText("Your loan officer has been in touch");

    // The CRM got both events, each signed with the endpoint's secret, about the same lead.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const events = received.map(
      (delivery) =>
        new Webhook(secret).verify(delivery.body, delivery.headers) as {
          type: string;
          data: { id: number; status: string };
        },
    );
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.updated"]);
    expect(events[0]!.data.id).toBe(events[1]!.data.id);
    expect(events[1]!.data.status).toBe("contacted");

    // The admin sees both deliveries in the endpoint's log.
    await expect
      .poll(
        async () => {
          await admin.goto("/admin/webhooks");
          return admin.getByRole("region", { name: url }).getByRole("cell", { name: "Delivered" }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    const log = admin.getByRole("region", { name: url });
    await expect(log.getByRole("cell", { name: "lead.created", exact: true })).toBeVisible();
    await expect(log.getByRole("cell", { name: "lead.updated", exact: true })).toBeVisible();
    await expectNoSeriousViolations(admin);
  } finally {
    await adminContext.close();
    crm.close();
  }
});
