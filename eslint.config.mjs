import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".node/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration from lib/env." }],
    },
  },
  {
    // The service floor holds use-cases only: no views, nothing of Next.js (lib/api is the glue).
    files: ["lib/services/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*", "@/components/*", "@/app/*"], message: "lib/services is free of views and of Next.js: put this in lib/api or app/." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/env/**", "lib/testing/**", "tests/**", "bench/**", "scripts/**", "*.config.*", "e2e/**", "**/*.test.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
