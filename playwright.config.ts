import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${PORT}`;

/** Debian's Chromium where it is installed (Playwright cannot download browsers here); Playwright's own elsewhere. */
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => path && existsSync(path));

export default defineConfig({
  testDir: "./e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: systemChromium
          ? {
              executablePath: systemChromium,
              args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
            }
          : {},
      },
    },
  ],
  webServer: {
    // The built app on the embedded defaults, with its own data folder so a running dev server is not disturbed.
    command: `npx next start -p ${PORT}`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { DATA_DIR: ".data/e2e", DATABASE_URL: "", REDIS_URL: "", PROPERTY_API_BASE_URL: "", PROPERTY_API_TOKEN: process.env.CANARY_TOKEN ?? "" },
  },
});
