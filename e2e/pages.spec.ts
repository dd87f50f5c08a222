import type { Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, keepScreenshots, signedInAs, signIn, test } from "./fixtures";

/**
 * Every page a role can open, at a phone's width: nothing wider than the screen, measured. The full-page screenshot is
 * kept when a page is too wide (to see what sticks out), or for every page when asked for (`E2E_SCREENSHOTS=1`).
 */
const PHONE = { width: 390, height: 844 };

async function fitsThePhone(page: Page, path: string, name: string) {
  await page.setViewportSize(PHONE);
  const response = await page.goto(path);
  expect(response?.status(), `${path} answered`).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  if (keepScreenshots || widths.page > widths.screen)
    await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  expect(widths.page, `${path} is wider than a ${PHONE.width} px phone`).toBeLessThanOrEqual(widths.screen);
}

test("public pages fit a phone", async ({ page }) => {
  for (const [path, name] of [
    ["/", "home"],
    ["/example", "example"],
    ["/how-estimates-work", "how-estimates-work"],
    ["/login", "login"],
    ["/signup", "signup"],
    ["/forgot-password", "forgot-password"],
    ["/reset-password", "reset-password"],
    ["/verify-email?token=example", "verify-email"],
    ["/invite", "invite-without-token"],
    ["/embed/demo", "embed-demo"],
    ["/embed/valuation?key=site_demo", "widget"],
    ["/unsubscribe", "unsubscribe-without-link"],
    ["/embed/valuation?key=site_demo&address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008", "widget-report-form"],
    ["/report", "report-without-link"],
  ] as const) {
    await fitsThePhone(page, path, name);
  }
});

test("the widget's report form and the report link's page are accessible; a phone brings the consent naming the lender", async ({
  page,
}) => {
  // The proof of work in the browser (a few seconds at the default difficulty) and an admin's sign-in.
  test.setTimeout(90_000);
  await page.goto("/embed/valuation?key=site_demo&address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008");
  await expect(page.getByRole("heading", { name: "Get my full report" })).toBeVisible();
  await expect(page.getByRole("checkbox")).toBeHidden();
  await page.getByLabel("Phone (optional, for a call)").fill("(206) 555-0123");
  const consent = page.getByRole("checkbox", { name: /may call or text me/ });
  await expect(consent).toBeVisible();
  await expect(consent).not.toBeChecked();
  await expectNoSeriousViolations(page);
  // The browser solves the proof of work (SubtleCrypto) and sends the lead.
  await page.getByLabel("Name").fill("Pat Visitor");
  const email = `pat-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await consent.check();
  await page.getByRole("button", { name: "Email me my report" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you. Check your email for the link to your report.", {
    timeout: 30_000,
  });
  // The mailed link (read from the outbox by the admin): the page's button saves the report, once.
  await signedInAs(page, "admin");
  const outbox = await (await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)).json();
  const token = /token=([\w-]+)/.exec(outbox.messages[0].text)![1]!;
  await page.goto(`/report?token=${token}`);
  await expectNoSeriousViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Open my report" }).click();
  expect((await download).suggestedFilename()).toBe("home-report.html");
  await expect(page.getByRole("status")).toContainText("Your report is saved");
  await page.goto(`/report?token=${token}`);
  await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  await page.goto("/report?token=not-a-token-we-sent-at-all");
  await expect(page.getByRole("heading", { name: "This link is not complete" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a page that does not exist, or is not the visitor's, is the app's own and leads back", async ({ page }) => {
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "This page does not exist, or it is not yours to see" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your page" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await signedInAs(page, "officer");
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  const admin = await page.goto("/admin");
  expect(admin?.status()).toBe(404);
  // Inside the app's layout: the header and its way back are there.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lookup" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "This page does not exist, or it is not yours to see" }),
  ).toBeVisible();
  await fitsThePhone(page, "/admin", "not-yours");
});

test("the homeowner's, the officer's and the admin's pages fit a phone", async ({ page }) => {
  // Three accounts and twelve pages, each waited on until the network is idle: more than the default 30 s.
  test.setTimeout(120_000);
  await signedInAs(page, "homeowner");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  const property = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
  await fitsThePhone(page, "/dashboard", "dashboard");
  await fitsThePhone(page, property!, "property");
  await fitsThePhone(page, "/account", "account");
  await fitsThePhone(page, "/account/security", "account-security");
  await fitsThePhone(page, "/account/digest", "digest-preview");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each demo account's session in turn (the journeys' own: taken, not signed out).
  await signedInAs(page, "officer");
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await fitsThePhone(page, "/today", "today");
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "/lookup?address=2800%20N%2024th%20St%2C%20Phoenix%2C%20AZ%2085008", "lookup");
  await fitsThePhone(page, "/clients", "clients");
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "/leads", "leads");
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  await fitsThePhone(page, "/admin", "admin");
  await fitsThePhone(page, "/admin/outbox", "outbox");
  await fitsThePhone(page, "/admin/jobs", "jobs");
  await fitsThePhone(page, "/admin/webhooks", "webhooks");
  await expectNoSeriousViolations(page);
  await fitsThePhone(page, "/leads", "leads-admin");
  await expectNoSeriousViolations(page);
});

/** The page's window in the title test: what it noted, and Next's router (`window.next.router`) to refresh with. */
type Watched = { untitled: string[]; next: { router: { refresh(): void } } };

test("a page keeps its title while it refreshes itself, as it does after a home is proved or a figure saved", async ({
  page,
}) => {
  // Through the form (the dashboard reached as a person reaches it, by the app's own navigation), not the saved session.
  await signIn(page, "homeowner@example.com", "homeowner-demo");
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  await expect(page).toHaveTitle("Your homes · Homeowner Dashboard");
  // Every moment the document has no single, non-empty <title> (a screen reader or axe reading then finds none).
  await page.evaluate(() => {
    const w = window as unknown as Watched;
    w.untitled = [];
    new MutationObserver(() => {
      const titles = document.querySelectorAll("title").length;
      if (titles !== 1 || !document.title) w.untitled.push(`${titles} titles, "${document.title}"`);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // What the app's forms do after saving (router.refresh()), at the intervals a page and a person would.
  for (let i = 0; i < 40; i++) {
    await page.evaluate(() => (window as unknown as Watched).next.router.refresh());
    await page.waitForTimeout(50 + ((i * 37) % 300));
  }
  await expect(page.getByRole("heading", { name: "Your homes" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as Watched).untitled)).toEqual([]);
  await expect(page).toHaveTitle("Your homes · Homeowner Dashboard");
});

/** The contrast of a colour (`#rrggbb`) against white, as WCAG computes it. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

test("the admin's pages line up: the jobs' buttons in one column, each email whole, the usage legend at 3:1, file pickers as buttons", async ({
  page,
}) => {
  // An email in the outbox, whatever ran before: a reset link asked for the demo officer.
  await page.request.post("/api/account/password-reset", { data: { email: "officer@example.com" } });
  await signedInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();

  const icons = page.locator(".recharts-legend-item .recharts-legend-icon");
  await expect(icons).toHaveCount(2);
  for (const fill of await icons.evaluateAll((paths) => paths.map((path) => path.getAttribute("fill")!)))
    expect(contrastOnWhite(fill), `the legend's ${fill}`).toBeGreaterThanOrEqual(3);
  const picker = page.getByLabel(/^Logo/);
  expect(await picker.evaluate((input) => getComputedStyle(input, "::file-selector-button").borderTopColor)).toBe(
    "rgb(15, 81, 50)",
  );

  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(size);
    await page.goto("/admin/jobs");
    const rows = page.getByRole("region", { name: "Run a scheduled job now" }).getByRole("listitem");
    const boxes = await rows.evaluateAll((items) =>
      items.map((item) => {
        const button = item.querySelector("button")!.getBoundingClientRect();
        const name = item.querySelector("strong")!.getBoundingClientRect();
        return {
          left: button.left,
          right: button.right,
          nameLeft: name.left,
          top: button.top,
          nameTop: name.top,
          bottom: button.bottom,
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(3);
    for (const box of boxes) {
      expect(box.left, "every 'Run now' in one column").toBe(boxes[0]!.left);
      expect(box.nameLeft, "the job's name beside its button").toBeGreaterThan(box.right);
      expect(box.nameTop, "the job's name on its button's line").toBeLessThan(box.bottom);
    }

    await page.goto("/admin/outbox");
    await expect(page.locator("iframe").first()).toBeVisible();
    await page.waitForLoadState("load");
    const cut = await page
      .locator("iframe")
      .evaluateAll((frames) =>
        (frames as HTMLIFrameElement[])
          .filter((frame) => frame.contentDocument!.documentElement.scrollHeight > frame.clientHeight + 2)
          .map((frame) => frame.title),
      );
    expect(cut, "emails cut off by their frame").toEqual([]);
  }
});
