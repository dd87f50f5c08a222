import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { FAULTS_LOG } from "./e2e/faults-server";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${PORT}`;
// A second app whose embedded service fails 30% of its answers, for the journeys under faults (e2e/faults.spec.ts).
const FAULTS_PORT = PORT + 1;
const faultsURL = `http://localhost:${FAULTS_PORT}`;

/** Debian's Chromium where it is installed (Playwright cannot download browsers here); Playwright's own elsewhere. */
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (path) => path && existsSync(path),
);

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: systemChromium
    ? {
        executablePath: systemChromium,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
        ],
      }
    : {},
};

/**
 * `npm start` runs the build's standalone server as the image does: its port and interface come from the environment
 * (HOSTNAME is set by some shells to the machine's name: all interfaces, as in the image). Stopped at once.
 */
const server = (port: number) => ({ PORT: String(port), HOSTNAME: "0.0.0.0", SHUTDOWN_DELAY_SECONDS: "0" });

export default defineConfig({
  testDir: "./e2e",
  // A `.only` left in a journey would quietly run it alone: refused everywhere, not only under CI.
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // The demo homeowner, officer and admin sign in once (e2e/sessions.setup.ts); the journeys take those sessions.
    { name: "sessions", testMatch: /sessions\.setup\.ts/, use: { ...browser } },
    { name: "chromium", testIgnore: /faults\.spec\.ts/, dependencies: ["sessions"], use: { ...browser } },
    { name: "faults", testMatch: /faults\.spec\.ts/, use: { ...browser, baseURL: faultsURL } },
  ],
  webServer: [
    {
      // The built app on the embedded defaults, with its own data folder so a running dev server is not disturbed; a
      // fresh one each run, since homes proved by one run's journeys cannot be proved again by another account.
      command: `rm -rf .data/e2e && exec npm start`,
      url: baseURL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        ...server(PORT),
        DATA_DIR: ".data/e2e",
        DATABASE_URL: "",
        REDIS_URL: "",
        PROPERTY_API_BASE_URL: "",
        PROPERTY_API_TOKEN: process.env.CANARY_TOKEN ?? "",
        NEXTAUTH_URL: baseURL,
        RATE_LIMIT_SIGNUP_PER_HOUR: "1000",
        // The journeys' webhook receivers listen on 127.0.0.1.
        WEBHOOKS_ALLOW_PRIVATE: "true",
      },
    },
    {
      // The same app with a misbehaving service: 30% of answers fail (5xx, 429, timeouts, malformed JSON, slow). Its
      // log goes to a file the journeys read at the end; owner data goes stale after 2 s so stale answers get served.
      command: `rm -rf .data/e2e-faults && mkdir -p .data/e2e-faults && exec npm start > ${FAULTS_LOG} 2>&1`,
      url: faultsURL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        ...server(FAULTS_PORT),
        DATA_DIR: ".data/e2e-faults",
        NEXTAUTH_URL: faultsURL,
        RATE_LIMIT_SIGNUP_PER_HOUR: "1000",
        DATABASE_URL: "",
        REDIS_URL: "",
        PROPERTY_API_BASE_URL: "",
        PROPERTY_API_TOKEN: process.env.CANARY_TOKEN ?? "",
        SANDBOX_FAULTS: "rate=0.3,kinds=5xx+429+timeout+malformed+slow,latencyMs=1000",
        PROPERTY_API_TIMEOUT_MS: "3000",
        CACHE_TTL_OWNER_DATA: "2",
      },
    },
  ],
});
