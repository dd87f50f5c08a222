import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import createNextIntlPlugin from "next-intl/plugin";
import { DEV_PAGE_CSP, PAGE_CSP } from "./lib/security/csp.mjs";

/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => ({
  output: "standalone",
  // PGlite loads its WebAssembly and pdfkit its font metrics from their package folders at run time.
  // pg-boss keeps its SQL plans and its own pg pool: it runs as installed.
  // OpenTelemetry's API keeps its state on globalThis and its SDK loads exporters (gRPC) at run time; prom-client's
  // registry is one per process: each is one copy, as installed, not one per route bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pdfkit",
    "pino",
    "pg-boss",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-grpc",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
  ],
  // The API reference's script is read from Scalar's package at run time (lib/api/api-docs.ts), not imported.
  outputFileTracingIncludes: {
    "/api/docs/scalar.js": ["./node_modules/@scalar/api-reference/dist/browser/standalone.js"],
  },
  poweredByHeader: false,
  // Every browser gets the page's metadata with the page, not streamed after it: every title here is static, so
  // holding it costs no wait, and a streamed <title> went missing for 100-500 ms when router.refresh() re-rendered a
  // page (a screen reader, or axe, reading the page then found no title).
  htmlLimitedBots: /./,
  typedRoutes: true,
  async headers() {
    const everywhere = [
      { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" },
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      {
        key: "Permissions-Policy",
        value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
      },
    ];
    return [
      { source: "/:path*", headers: everywhere },
      {
        // Only the widget and the partner dashboard may be framed (by their site's origins, set per request).
        // The API reference (/api/docs) sets a stricter policy of its own.
        source: "/((?!embed/valuation|embed/dashboard|api/docs).*)",
        headers: [
          { key: "Content-Security-Policy", value: phase === PHASE_DEVELOPMENT_SERVER ? DEV_PAGE_CSP : PAGE_CSP },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
});

// next-intl reads each request's language and catalogue from i18n/request.ts. The catalogues are compiled when the app
// is built (ICU messages to a compact form), so browsers get a formatter of a few hundred bytes, not the ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "es"], precompile: true } },
});

/** @param {string} phase */
const config = (phase) => withNextIntl(nextConfig(phase));

export default config;
