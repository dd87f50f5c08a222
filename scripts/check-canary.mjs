// The API token must stay on the server: look for the canary token the build ran with in everything the build
// ships to browsers (.next/static) and in every prerendered page. The Playwright fixture checks live responses.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const token = process.env.CANARY_TOKEN;
if (!token) {
  console.error("CANARY_TOKEN is not set");
  process.exit(1);
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let checked = 0;
const leaks = [];
for (const root of [".next/static", ".next/server/app"]) {
  for (const path of files(root)) {
    if (root.endsWith("app") && !/\.(html|rsc|body|meta)$/.test(path)) continue;
    checked++;
    if (readFileSync(path).includes(token)) leaks.push(path);
  }
}
if (leaks.length) {
  console.error(`The API token leaked into ${leaks.length} file(s) a browser can receive:\n${leaks.join("\n")}`);
  process.exit(1);
}
console.log(`canary: the token is in none of the ${checked} files a browser can receive`);
