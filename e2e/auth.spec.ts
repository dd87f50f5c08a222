import { freshDemoCode } from "./staff";
import { expect, expectNoSeriousViolations, test } from "./fixtures";

test("a person signs up as a homeowner, is signed in, and signs out", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto("/signup");
  await expectNoSeriousViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  // Each problem is said once, beside its field (which takes the focus), as a sentence naming it: no banner besides.
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
    /^The password must be at least 10 characters\./,
  );
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Password").fill("password1234");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/^The password is too easy to guess: [a-z]/);
  await expect(page.getByText(/too easy to guess/)).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Password").fill("a-good-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`${email} · Homeowner`)).toBeVisible();
  // Signed up alone: the digest is theirs to turn on or off here, from their loan officer or the lender, once a home is
  // proved (no "comes from the officer who invited you" to an account nobody invited).
  await page.goto("/account");
  const digest = page.getByRole("checkbox", { name: /A monthly digest/ });
  await expect(digest).toBeChecked();
  await expect(digest).toHaveAccessibleDescription(
    /^It comes from .* It starts once you prove a home on your dashboard\.$/,
  );
  await expect(page.getByTestId("digest-about")).not.toContainText("invit");
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"))!;
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith("next-auth.session-token"))).toBe(
    false,
  );
  // Signing out ended the session on the server: a copy of the cookie taken before is worthless.
  const copy = await page.request.get("/api/owner-data", { headers: { cookie: `${session.name}=${session.value}` } });
  expect(copy.status()).toBe(401);
});

test("the sign-in page lists the demo accounts, refuses a wrong password plainly, and signs the officer in", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Demo accounts" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel("Email").fill("officer@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong" })).toHaveText("Wrong email or password.");
  await page.getByLabel("Password").fill("officer-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Staff give a second factor every time: the page asks for the code without the password being typed again.
  await page
    .getByLabel("Enter the 6-digit code from your authenticator app, or a recovery code")
    .fill(await freshDemoCode(new URL(page.url()).origin, "officer@example.com"));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("officer@example.com · Loan officer")).toBeVisible();
});
