import { readFileSync } from "node:fs";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";

type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;

/** Every message of a catalogue by its full key ("Layout.signIn"). */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments a message takes ({name}, {count, plural, …}), with what kind each is. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, number>()): Map<string, number> {
  for (const element of elements) {
    if ("value" in element && typeof element.value === "string" && element.type !== TYPE.literal)
      into.set(element.value, element.type);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(catalogue(locale))]));
const english = catalogues.en!;

describe("the message catalogues", () => {
  it.each(LOCALES)("%s has every key the others have, and no other", (locale) => {
    const keys = [...catalogues[locale]!.keys()].sort();
    for (const other of LOCALES)
      expect(keys, `${locale} against ${other}`).toEqual([...catalogues[other]!.keys()].sort());
  });

  it.each(LOCALES)("every %s message parses as ICU MessageFormat", (locale) => {
    const broken = [...catalogues[locale]!].flatMap(([key, message]) => {
      try {
        parse(message);
        return [];
      } catch (error) {
        return [`${key}: ${(error as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
  });

  it("each translation takes the same arguments as the English message", () => {
    const mismatched = LOCALES.filter((l) => l !== "en").flatMap((locale) =>
      [...english].flatMap(([key, message]) => {
        const translated = catalogues[locale]!.get(key);
        if (translated === undefined) return [];
        const want = [...argumentsOf(parse(message))].sort();
        const got = [...argumentsOf(parse(translated))].sort();
        return JSON.stringify(want) === JSON.stringify(got)
          ? []
          : [`${locale} ${key}: ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`];
      }),
    );
    expect(mismatched).toEqual([]);
  });

  it("no message is empty", () => {
    const empty = LOCALES.flatMap((locale) =>
      [...catalogues[locale]!].filter(([, m]) => !m.trim()).map(([key]) => `${locale} ${key}`),
    );
    expect(empty).toEqual([]);
  });

  it("finds a missing key and a broken message (the checks above can fail)", () => {
    const a = flatten({ A: { x: "one", y: "two" } });
    const b = flatten({ A: { x: "uno" } });
    expect([...a.keys()]).not.toEqual([...b.keys()]);
    expect(() => parse("{count, plural, one {# home}")).toThrow();
    expect(
      [...argumentsOf(parse("{count, plural, one {# home} other {# homes}} at {address}"))].map(([k]) => k).sort(),
    ).toEqual(["address", "count"]);
  });
});
