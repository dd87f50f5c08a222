import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration from lib/env." }],
    },
  },
  { files: ["lib/env/**", "lib/testing/**", "tests/**", "bench/**", "scripts/**", "*.config.*", "e2e/**", "**/*.test.ts"], rules: { "no-restricted-properties": "off" } },
];

export default config;
