import type { Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

/** Nothing on the page scrolls sideways on a phone: not the page, not a box inside it. */
async function expectNothingSideways(page: Page) {
  const found = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => {
      const { overflowX } = getComputedStyle(el);
      return (overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1;
    });
    return {
      page: document.documentElement.scrollWidth,
      boxes: boxes.map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
    };
  });
  expect(found.page, "the page is no wider than the phone").toBeLessThanOrEqual(PHONE.width);
  expect(found.boxes, "boxes that scroll sideways").toEqual([]);
}

test("on a phone the officer lands on the day's first screen and calls the most valuable client within two taps", async ({
  page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signedInAs(page, "officer");
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  // The demo portfolio's first refreshes run as the app starts: the best actions appear as the clients are valued.
  const top = page.getByTestId("top-action");
  await expect(async () => {
    await page.reload();
    expect(await top.count()).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  expect(await top.count()).toBeLessThanOrEqual(3);
  await expectNoSeriousViolations(page);
  await expectNothingSideways(page);
  await screenshots(page, testInfo, "today");
  await page.setViewportSize(PHONE);

  // The most valuable action's call is on the first screen itself: no tap to reach it, the number in the link.
  const first = top.first();
  const call = first.getByTestId("call-client");
  await expect(call).toBeVisible();
  const href = await call.getAttribute("href");
  expect(href).toMatch(/^tel:\+1\d{10}$/);
  await expect(call).toHaveText(/^Call \(\d{3}\) \d{3}-\d{4}$/);

  // One tap opens the client's page, a second calls them from it.
  const name = (await first.getByRole("link").first().textContent())!;
  await first.getByRole("link", { name, exact: true }).click(); // tap 1
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible(); // tap 2 is the call

  // Each count opens its list.
  await page.goto("/today");
  await page.getByTestId("count-leads").click();
  await expect(page).toHaveURL(/\/leads\?status=new$/);
  await page.goto("/today");
  await page.getByTestId("count-engaged").click();
  await expect(page).toHaveURL(/\/clients\?kind=engagement$/);
  await page.goto("/today");
  await page.getByTestId("count-alerts").click();
  await expect(page).toHaveURL(/\/today#new-alerts$/);
  await expect(page.getByRole("heading", { name: /since you last looked$/ })).toBeInViewport();
  // The lookup is one tap away.
  await page.getByRole("link", { name: "Look up an address" }).click();
  await expect(page.getByRole("heading", { name: "Look up an address" })).toBeVisible();
});

test("on a phone /clients opens on its clients, each card with the best action and a call, and /leads is cards; nothing scrolls sideways", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signedInAs(page, "officer", "/clients");
  const card = page.getByTestId("client").first();
  await expect(card).toBeVisible();
  // The first client is on the first screen: import, add and download are on a page of their own.
  expect((await card.boundingBox())!.y).toBeLessThan(PHONE.height);
  await expect(card.getByRole("link").first()).toHaveAttribute("href", /^\/clients\/\d+$/);
  await expectNothingSideways(page);
  await expectNoSeriousViolations(page);
  // A card whose client was valued shows its best action, and the one tap to call those with a phone on file.
  await expect(page.getByTestId("best-action").first()).toContainText(/^Best: /);
  await expect(page.getByTestId("call-client").first()).toHaveAttribute("href", /^tel:\+1\d{10}$/);

  await page.goto("/leads");
  await expectNothingSideways(page);
  await expectNoSeriousViolations(page);
  // Each lead's request, time and status are on its card, named (nothing cut off at the screen's edge).
  for (const lead of await page.getByTestId("lead").all()) {
    const box = (await lead.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(lead.getByText("Request:")).toBeVisible();
    await expect(lead.getByText("Came in:")).toBeVisible();
    await expect(lead.getByText("Status:")).toBeVisible();
  }
});
