/**
 * Completes `.next/standalone` after `next build` (`npm run build` runs both), so that the folder is the whole app, as
 * the image ships it: `node .next/standalone/server.js` serves it and `node .next/standalone/migrate.mjs` migrates its
 * database, from any working directory, with no other file of the checkout and no dev dependency.
 *
 * - Next.js leaves the browser's files (`.next/static`) and `public/` out of the folder (a CDN may serve them): copied
 *   in.
 * - The migrate command (scripts/migrate.ts) is bundled by esbuild into `migrate.mjs`, and the demo staff's codes
 *   (scripts/demo-code.ts) into `demo-code.mjs`; the packages Next.js keeps external (next.config.mjs's
 *   serverExternalPackages) stay imports, resolved from the folder's own node_modules.
 * - Then every file the app reads by path at run time is checked to be there (the build fails otherwise): the
 *   migrations, PGlite's WebAssembly and data, pdfkit's font metrics, and each package the two entry points import.
 */
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import nextConfig from "../next.config.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const standalone = join(root, ".next/standalone");

function fail(message) {
  process.stderr.write(`complete-standalone: ${message}\n`);
  process.exit(1);
}

if (!existsSync(join(standalone, "server.js")))
  fail(`${standalone}/server.js is missing: run \`next build\` first (next.config.mjs has output: "standalone")`);

for (const [from, to] of [
  [".next/static", ".next/standalone/.next/static"],
  ["public", ".next/standalone/public"],
]) {
  rmSync(join(root, to), { recursive: true, force: true });
  cpSync(join(root, from), join(root, to), { recursive: true });
}

const external = nextConfig("phase-production-build").serverExternalPackages;
const { metafile } = await build({
  // The image's commands: the migrate service's, and the demo staff's authenticator codes (embedded mode's demo).
  entryPoints: { migrate: join(root, "scripts/migrate.ts"), "demo-code": join(root, "scripts/demo-code.ts") },
  outdir: standalone,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  tsconfig: join(root, "tsconfig.json"),
  external,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  // Like server.js: run from its own folder, where the migrations are (lib/db/client.ts reads them from the working
  // directory); and `require` for any CommonJS dependency bundled into this ES module.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { dirname as __dirnameOf } from "node:path";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      "const require = __createRequire(import.meta.url);",
      "process.chdir(__dirnameOf(__fileURLToPath(import.meta.url)));",
    ].join("\n"),
  },
});

const migrations = "lib/db/migrations";
const journal = JSON.parse(readFileSync(join(root, migrations, "meta/_journal.json"), "utf8"));
const imported = new Set(
  Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)),
);
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const required = [
  "server.js",
  "migrate.mjs",
  "demo-code.mjs",
  ".next/BUILD_ID",
  ".next/static",
  "public/embed.js",
  `${migrations}/meta/_journal.json`,
  ...journal.entries.map((entry) => `${migrations}/${entry.tag}.sql`),
  "node_modules/@electric-sql/pglite/dist/pglite.wasm",
  "node_modules/@electric-sql/pglite/dist/pglite.data",
  "node_modules/pdfkit/js/data/Helvetica.afm",
  "node_modules/pdfkit/js/data/Helvetica-Bold.afm",
  // The API reference's script (/api/docs/scalar.js reads it from the package).
  "node_modules/@scalar/api-reference/dist/browser/standalone.js",
  ...[...external, ...[...imported].filter((path) => !isBuiltin(path)).map(packageOf)].map(
    (name) => `node_modules/${name}/package.json`,
  ),
];
const missing = [...new Set(required)].filter((path) => !existsSync(join(standalone, path)));
if (missing.length) fail(`.next/standalone lacks what the app reads at run time:\n  ${missing.join("\n  ")}`);
process.stdout.write(
  `complete-standalone: .next/standalone is complete (static files, public/, migrate.mjs, demo-code.mjs; ${required.length} files checked)\n`,
);
