import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

/**
 * The README and docs/ link to each other and to the code: every relative link must name a file that exists and,
 * with a `#fragment`, a heading of that file (GitHub's own slugs). Links inside code (fenced or inline) are not links.
 */
const root = join(import.meta.dirname, "..");
const docs = [
  "README.md",
  ...(existsSync(join(root, "docs"))
    ? readdirSync(join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`)
    : []),
];

/** Markdown without its fenced code blocks; `inline` also drops inline code spans (a link there is no link). */
const prose = (text: string, inline = true) => {
  const unfenced = text.replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
  return inline ? unfenced.replace(/`[^`\n]*`/g, "") : unfenced;
};

/** Every anchor a Markdown file's headings make, as GitHub slugs them (a repeated heading gets "-1", "-2"). */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(
    [...prose(markdown, false).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(([, heading]) =>
      slugger.slug(heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`]/g, "")),
    ),
  );
}

/** Every relative link of a Markdown file: its path (resolved from the file) and its fragment. */
export function linksOf(file: string, markdown: string): { target: string; fragment?: string; text: string }[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, href]) => href!)
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const [path, fragment] = href.split("#", 2) as [string, string | undefined];
      return {
        target: path ? relative(root, resolve(dirname(join(root, file)), decodeURI(path))) : file,
        fragment,
        text: href,
      };
    });
}

describe("the README and docs/", () => {
  it.each(docs)("%s: every relative link and anchor resolves", (file) => {
    const broken = linksOf(file, readFileSync(join(root, file), "utf8")).flatMap(({ target, fragment, text }) => {
      if (!existsSync(join(root, target))) return [`${text}: no file ${target}`];
      if (fragment === undefined || !target.endsWith(".md")) return [];
      return anchorsOf(readFileSync(join(root, target), "utf8")).has(fragment)
        ? []
        : [`${text}: no heading #${fragment} in ${target}`];
    });
    expect(broken).toEqual([]);
  });

  it("keeps the README to what a newcomer reads in ten minutes (at most 300 lines; the rest is in docs/)", () => {
    expect(readFileSync(join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(300);
  });

  it("finds a link to a missing file and to a missing heading (the check above can fail)", () => {
    const markdown =
      "# Top\n\n## Node.js 20 → 24\n\n### The first page of `npm run dev`\n\n[ok](#top) [node](#nodejs-20--24) [gone](nowhere.md) `[code](nowhere.md)`\n";
    expect(anchorsOf(markdown)).toEqual(new Set(["top", "nodejs-20--24", "the-first-page-of-npm-run-dev"]));
    expect(linksOf("README.md", markdown).map((l) => l.target)).toEqual(["README.md", "README.md", "nowhere.md"]);
  });
});
