import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { expect, signIn, test as setup } from "./fixtures";
import { DEMO, sessionFile } from "./staff";

/**
 * The setup project (playwright.config.ts): each demo account signs in once, and its session is saved for the journeys
 * (`signedInAs` in e2e/fixtures.ts), which then need no sign-in of their own. Signing in itself is tested by
 * e2e/auth.spec.ts and e2e/second-factor.spec.ts, which sign in for real.
 */

setup("the demo homeowner signs in with the form, sees both homes, and the session is kept", async ({ page }) => {
  await signIn(page, DEMO.homeowner.email, DEMO.homeowner.password);
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").filter({ hasText: "3901 Wallingford Ave N" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "2744 N 24th St" })).toBeVisible();
  mkdirSync(dirname(sessionFile("homeowner")), { recursive: true });
  await page.context().storageState({ path: sessionFile("homeowner") });
});

for (const [role, landing] of [
  ["officer", "Today"],
  ["admin", "Admin"],
] as const) {
  setup(
    `the demo ${role} signs in with a code once, then the journeys' passkey, and the session is kept`,
    async ({ page }) => {
      await signIn(page, DEMO[role].email, DEMO[role].password);
      await expect(page.getByRole("heading", { name: landing })).toBeVisible();
      mkdirSync(dirname(sessionFile(role)), { recursive: true });
      await page.context().storageState({ path: sessionFile(role) });
    },
  );
}
