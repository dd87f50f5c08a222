import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DOCS_CSP } from "@/lib/security/csp.mjs";

/**
 * Scalar's browser bundle as the package installs it, read from the app's own node_modules (next.config.mjs traces it
 * into the standalone build, and scripts/complete-standalone.mjs checks it is there): served from this origin, never a
 * CDN.
 */
export const SCALAR_BUNDLE = "node_modules/@scalar/api-reference/dist/browser/standalone.js";

let bundle: Promise<Buffer> | undefined;
/** The bundle, read once per process (4.8 MB; the server compresses it). */
export function scalarBundle(): Promise<Buffer> {
  bundle ??= readFile(join(process.cwd(), SCALAR_BUNDLE)).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

// No inline script: the reference reads its configuration from the data attributes of the element it replaces. Its
// fonts are the system's (the default ones come from Scalar's CDN), and its "Ask AI" agent (Scalar's service) is off.
const CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
});

/** The reference's page: the OpenAPI document rendered by Scalar, with "try it" against this app. */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Homeowner Dashboard</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The API's description is also at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${CONFIGURATION}'></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>
`;

/** The page's own headers: its policy (allowing only what the reference needs), and never framed. */
export const DOCS_HEADERS = { "Content-Security-Policy": DOCS_CSP, "X-Frame-Options": "DENY" } as const;
