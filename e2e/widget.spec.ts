import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, screenshots, signedInAs, test } from "./fixtures";

// Addresses no other journey looks up, so the first lookups here really cost (the budget counts paid lookups only).
const BUDGET_ADDRESSES = [
  "2617 Marion St, Denver, CO 80205",
  "2631 Marion St, Denver, CO 80205",
  "2645 Marion St, Denver, CO 80205",
];
const ADDRESSES = [
  "2800 N 24th St, Phoenix, AZ 85008",
  "2605 N 24th St, Phoenix, AZ 85008",
  "2604 N 24th St, Phoenix, AZ 85008",
  "2618 N 24th St, Phoenix, AZ 85008",
  "2632 N 24th St, Phoenix, AZ 85008",
];

/** A partner's own web server on another origin, serving a page that embeds the widget with one line. */
async function partnerSite(appUrl: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const key = new URL(request.url ?? "/", "http://x").searchParams.get("key") ?? "";
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(
      `<!doctype html><html lang="en"><head><title>Partner</title></head><body><h1>Partner bank</h1><script src="${appUrl}/embed.js" data-site-key="${key}" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function registerSite(page: Page, allowedOrigins: string[], dailyBudget: number): Promise<string> {
  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  const response = await page.request.post("/api/admin/sites", {
    data: { name: `e2e ${Date.now()}`, allowedOrigins, dailyBudget },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).siteKey;
}

const widgetCall = (request: APIRequestContext, origin: string, key: string, address: string) =>
  request.post("/api/widget/valuation", { data: { key, address }, headers: { Origin: origin } });

test("a partner page on an allowed origin embeds the widget with one line, gets a branded valuation, and the frame fits its content", async ({
  page,
  baseURL,
}) => {
  const allowed = await partnerSite(baseURL!);
  const blocked = await partnerSite(baseURL!);
  try {
    const key = await registerSite(page, [allowed.origin], 50);
    await page.goto(`${allowed.origin}/?key=${key}`);
    const frame = page.frameLocator("iframe[title='What is my home worth?']");
    await frame.getByLabel("Your address").fill(ADDRESSES[0]!);
    await frame.getByRole("button", { name: "Get estimate" }).click();
    const estimate = frame.getByTestId("service-estimate");
    await expect(estimate).toContainText("Service Estimate");
    await expect(estimate).toContainText("Valuation provided by Property Data Service");
    await expect(estimate).toContainText("not an appraisal");
    // It says which address it valued, and the way to a detailed report keeps that address.
    const street = ADDRESSES[0]!.split(",")[0]!;
    await expect(frame.getByText(/^For /)).toContainText(street);
    expect(await frame.getByRole("link", { name: "Get a detailed report" }).getAttribute("href")).toContain(
      `address=${encodeURIComponent(street)}`,
    );
    await expect.poll(async () => (await page.locator("iframe").boundingBox())!.height).toBeGreaterThan(260);

    await expect(page.locator("[data-home-value-widget]")).toHaveCount(0);

    // Another origin: the browser would refuse the frame, so the loader puts a note naming the origin and where to
    // register it in its place; and the API refuses the key.
    await page.goto(`${blocked.origin}/?key=${key}`);
    const note = page.locator("[data-home-value-widget=not-registered]");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      `The home-value widget is not shown: ${blocked.origin} is not registered for its site key. An admin of ${new URL(baseURL!).origin} adds it to the site's allowed origins under Widget sites at ${new URL(baseURL!).origin}/admin.`,
    );
    await expect(page.locator("iframe")).toHaveCount(0);
    const refused = await widgetCall(page.request, blocked.origin, key, ADDRESSES[0]!);
    expect(refused.status()).toBe(403);
    // The check answers only yes or no for the asking origin, the same for a key that does not exist, and no cookie.
    const ask = (origin: string, siteKey: string) =>
      page.request.get(`/api/widget/origin?key=${siteKey}`, { headers: { Origin: origin } });
    for (const [origin, siteKey, answered] of [
      [allowed.origin, key, true],
      [blocked.origin, key, false],
      [allowed.origin, "site_no_such_key", false],
    ] as const) {
      const answer = await ask(origin, siteKey);
      expect(await answer.json()).toEqual({ allowed: answered });
      expect(answer.headers()["access-control-allow-origin"]).toBe("*");
      expect(answer.headers()["access-control-allow-credentials"]).toBeUndefined();
    }
  } finally {
    allowed.server.close();
    blocked.server.close();
  }
});

test("the site's daily budget answers 429 with Retry-After once spent, while cached addresses stay free", async ({
  page,
}) => {
  const origin = "https://budget.example";
  const key = await registerSite(page, [origin], 2);
  expect((await widgetCall(page.request, origin, key, BUDGET_ADDRESSES[0]!)).status()).toBe(200);
  expect((await widgetCall(page.request, origin, key, BUDGET_ADDRESSES[1]!)).status()).toBe(200);
  // A cached address costs nothing, so it is still answered.
  expect((await widgetCall(page.request, origin, key, BUDGET_ADDRESSES[0]!)).status()).toBe(200);
  const over = await widgetCall(page.request, origin, key, BUDGET_ADDRESSES[2]!);
  expect(over.status()).toBe(429);
  expect(Number(over.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await over.json()).error.code).toBe("budget_exhausted");
});

test("the demo page shows the widget working, the snippet, and a blocked frame", async ({ page }, testInfo) => {
  await page.goto("/embed/demo");
  await expect(page.getByRole("heading", { name: "Embed the home-value widget" })).toBeVisible();
  await expect(page.getByText('data-site-key="site_demo"').first()).toBeVisible();
  const frame = page.frameLocator("#widget-demo iframe");
  await frame.getByLabel("Your address").fill(ADDRESSES[4]!);
  await frame.getByRole("button", { name: "Get estimate" }).click();
  await expect(frame.getByTestId("service-estimate")).toContainText("Valuation provided by");
  // It says which origins the demo key allows, and the blocked key's one line shows its note instead of a frame.
  const own = new URL(page.url()).origin;
  await expect(page.getByTestId("demo-origins")).toContainText(own);
  await expect(page.locator("#widget-blocked [data-home-value-widget=not-registered]")).toContainText(
    `${own} is not registered for its site key`,
  );
  await expect(page.locator("#widget-blocked iframe")).toHaveCount(0);
  // The snippets wrap: all of each shows, even on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const snippet of await page.locator("pre").all()) {
    expect(await snippet.evaluate((pre) => pre.scrollWidth <= pre.clientWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoSeriousViolations(page);
  await screenshots(page, testInfo, "embed-demo");
});

test("the widget's 'Get a detailed report' keeps the address through sign-up to onboarding", async ({ page }) => {
  await page.goto(`/embed/valuation?key=site_demo&address=${encodeURIComponent(ADDRESSES[3]!)}`);
  const href = await page.getByRole("link", { name: "Get a detailed report" }).getAttribute("href");
  await page.goto(href!);
  await page.getByLabel("Email").fill(`widget-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("a-good-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Add your home" })).toBeVisible();
  await expect(page.getByLabel("Home address")).toHaveValue(/^2618 N 24th St, Phoenix, AZ 85008/);
});
