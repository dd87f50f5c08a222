import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Messages } from "next-intl";
import { describe, expect, it } from "vitest";
import { importGraph } from "@/lib/testing/import-graph";
import { CLIENT_NAMESPACES, SECTION_NAMESPACES, type Section } from "./client-namespaces";

const root = process.cwd();
const graph = importGraph(root, ["app", "components", "lib", "i18n"], { dynamic: true });
const sources = new Map<string, string>();
const source = (file: string) => {
  if (!sources.has(file)) sources.set(file, readFileSync(join(root, file), "utf8"));
  return sources.get(file)!;
};
const isClient = (file: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(source(file));
/** Where the wrappers are written: what they send counts where a page uses them, not where they are defined. */
const WRAPPERS = "components/i18n/client-messages.tsx";

/** The namespaces read with `useTranslations` in the browser under a module: by its client components and theirs. */
function readInBrowser(entry: string): Set<string> {
  const read = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, inBrowser: boolean) => {
    const browser = inBrowser || isClient(file);
    if (seen.has(`${file}:${browser}`)) return;
    seen.add(`${file}:${browser}`);
    if (browser) for (const [, name] of source(file).matchAll(/useTranslations\(["'](\w+)/g)) read.add(name!);
    for (const next of graph.get(file) ?? []) visit(next, browser);
  };
  visit(entry, false);
  return read;
}

/** The layouts around a page, from the root down. */
function layoutsOf(page: string): string[] {
  const layouts: string[] = [];
  for (let dir = dirname(page); dir !== "."; dir = dirname(dir))
    if (existsSync(join(root, dir, "layout.tsx"))) layouts.unshift(join(dir, "layout.tsx"));
  return layouts;
}

/** What a page's client components read, its layouts' included. */
const readOnPage = (page: string) => new Set([page, ...layoutsOf(page)].flatMap((file) => [...readInBrowser(file)]));

/**
 * The namespaces a page is sent: every page's, and those of each section its layouts, itself and the server
 * components it renders open (`<SectionMessages section>`, `<PrivateMessages>`, `<StaffMessages>`, `<ClientMessages
 * namespaces>`). A section opened anywhere on the page counts for all of it: the test finds a namespace no part of the
 * page is sent, not one sent to the wrong part.
 */
function sentTo(page: string): Set<string> {
  const sent = new Set<string>(CLIENT_NAMESPACES);
  const open = (section: Section) => SECTION_NAMESPACES[section].forEach((name) => sent.add(name));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || isClient(file)) return;
    seen.add(file);
    if (file !== WRAPPERS) {
      const text = source(file);
      for (const [, section] of text.matchAll(/<SectionMessages section="(\w+)"/g)) open(section as Section);
      if (/<PrivateMessages\b/.test(text)) open("private");
      if (/<StaffMessages\b/.test(text)) open("staff");
      for (const [, list] of text.matchAll(/<ClientMessages namespaces=\{\[([^\]]*)\]\}/g))
        for (const [, name] of list!.matchAll(/"(\w+)"/g)) sent.add(name!);
    }
    for (const next of graph.get(file) ?? []) visit(next);
  };
  [...layoutsOf(page), page].forEach(visit);
  return sent;
}

const pages = [...graph.keys()].filter((file) =>
  /^app\/(.*\/)?(page|error|not-found|loading|template|global-error)\.tsx$/.test(file),
);

describe("the client components' words", () => {
  it("finds the pages, and a page's client components", () => {
    expect(pages.length).toBeGreaterThan(30);
    expect([...readInBrowser("app/(site)/(auth)/login/page.tsx")]).toContain("Login");
  });

  it.each(pages)("%s is sent every namespace its client components read", (page) => {
    const sent = sentTo(page);
    expect([...readOnPage(page)].filter((name) => !sent.has(name))).toEqual([]);
  });

  it("can read every namespace a component asks for: each is named in the call, and only the merge reads them all", () => {
    const unreadable = [...graph.keys()].flatMap((file) => [
      ...[...source(file).matchAll(/useTranslations\(([^)]*)\)/g)]
        .filter(([, argument]) => !/^"\w+"$/.test(argument!.trim()))
        .map(([call]) => `${file}: ${call}`),
      ...(/\buseMessages\(/.test(source(file)) && file !== "components/i18n/more-messages.tsx"
        ? [`${file}: useMessages`]
        : []),
    ]);
    expect(unreadable).toEqual([]);
  });

  it("keeps a section's words off the other sections' pages: the dashboard is not sent the sign-in form's", () => {
    const dashboard = sentTo("app/(site)/dashboard/page.tsx");
    expect(["Login", "Signup", "Passkeys", "ApiTokens", "Onboarding"].filter((name) => dashboard.has(name))).toEqual(
      [],
    );
    expect(sentTo("app/(site)/(auth)/login/page.tsx").has("ContactOfficer")).toBe(false);
  });

  it("names only the catalogue's namespaces", async () => {
    const en = (await import("@/messages/en.json")).default as Messages;
    const named = [...CLIENT_NAMESPACES, ...Object.values(SECTION_NAMESPACES).flat()];
    expect(named.filter((name) => !(name in en))).toEqual([]);
  });
});
