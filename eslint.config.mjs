import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import i18next from "eslint-plugin-i18next";

// lib/ does not reach up to the views or the pages (lib/api is the glue, lib/client the browser's hooks).
const NO_VIEWS = {
  group: ["@/components/*", "@/app/*"],
  message: "lib/ does not import views or pages: move what both use down (lib/format holds the words and formats).",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".node/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from lib/env." },
      ],
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
            {
              group: ["next", "next/*", "@/components/*", "@/app/*"],
              message: "lib/services is free of views and of Next.js: put this in lib/api or app/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Arrows run down the floors: nothing in lib/ reaches up to the views or the pages (lib/api is the glue, lib/client
    // the browser's hooks), and the floors under the services do not reach up to them.
    files: ["lib/**"],
    ignores: ["lib/api/**", "lib/client/**", "lib/services/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_VIEWS],
        },
      ],
    },
  },
  {
    // The server's own glue and routes never import a component folder: what both use lives in lib/ (the CSV cell's
    // formula guard is lib/format/csv.ts).
    files: ["lib/api/**", "app/api/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/components/*"], message: "Server code does not import views: move what both use into lib/." },
          ],
        },
      ],
    },
  },
  {
    files: [
      "lib/address/**",
      "lib/cache/**",
      "lib/db/**",
      "lib/finance/**",
      "lib/format/**",
      "lib/mail/**",
      "lib/property-api/**",
      "lib/rate-limit/**",
      "lib/sandbox/**",
      "lib/security/**",
    ],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_VIEWS,
            {
              group: ["@/lib/services", "@/lib/services/*", "@/lib/api", "@/lib/api/*"],
              message: "A lower floor does not import the services or the glue: declare the shape it reads here.",
            },
          ],
        },
      ],
    },
  },
  {
    // Words people read come from the catalogues (messages/*.json), never from JSX text: a sentence typed into a
    // component would stay English on a Spanish page.
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": ["error", { mode: "jsx-text-only" }],
      // The words of an attribute a person reads or hears (a title, a label, a placeholder) likewise.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXAttribute[name.name=/^(title|label|alt|placeholder|aria-label|aria-description|aria-valuetext|description|heading|message)$/] > Literal[value=/[A-Za-z]{2,}/]",
          message: 'Words people read come from the catalogue (messages/*.json): use t("…").',
        },
      ],
    },
  },
  {
    // A `.only` left in a test would run it alone and skip the rest of its file without a word (Vitest and Playwright
    // refuse it too, but only when the tests run).
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "tests/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name='only']:matches([object.name=/^(describe|suite|it|test)$/], [object.property.name=/^(describe|serial|parallel)$/])",
          message: "`.only` runs one test and skips the rest: remove it before committing.",
        },
      ],
    },
  },
  {
    files: [
      "lib/env/**",
      "lib/testing/**",
      "tests/**",
      "bench/**",
      "scripts/**",
      "*.config.*",
      "e2e/**",
      "**/*.test.ts",
    ],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
