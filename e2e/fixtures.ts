import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every journey also proves the API token never reaches the browser: each response the page receives is searched
 * for the canary token the app was started with.
 */
export const test = base.extend<{ tokenWatch: void }>({
  tokenWatch: [
    async ({ page }, use) => {
      const token = process.env.CANARY_TOKEN;
      const leaks: string[] = [];
      const pending: Promise<void>[] = [];
      if (token) {
        page.on("response", (response) => {
          pending.push(
            response
              .body()
              .then((body) => {
                if (body.includes(token)) leaks.push(response.url());
              })
              .catch(() => undefined),
          );
        });
      }
      await use();
      await Promise.all(pending);
      expect(leaks, "responses that carried the API token").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
