import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL(".", import.meta.url)),
  "server-only": fileURLToPath(new URL("./lib/testing/server-only.ts", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A `.only` left in a file would quietly run that test alone: refused everywhere, not only under CI.
    allowOnly: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The built app and the standalone service, started once for all files; the files share them, so one at a
          // time.
          globalSetup: ["tests/integration/setup.ts"],
          setupFiles: ["tests/integration/run-env.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
