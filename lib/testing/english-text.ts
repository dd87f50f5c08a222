import english from "an-array-of-english-words" with { type: "json" };
import spanish from "an-array-of-spanish-words" with { type: "json" };
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };

/**
 * What finds English left on a page a Spanish reader sees. Two checks:
 * - the catalogue's own English: a text the page shows that is exactly an English message (without arguments, of two
 *   words or more, and not the same in Spanish) is a component that did not take its words from the reader's language;
 * - a word list's sentence: three words or more, every one an English word and at least two of them no Spanish word,
 *   is English that never reached the catalogue (a literal, a server's message, a library's text).
 * Names the app does not translate (the valuation provider's brand, people's and places' names) are not sentences of
 * three such words; a page may mark what is English on purpose with `lang="en"` (the language switch's "English").
 */
type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );

const spanishByKey = new Map(flatten(es as Tree));
export const normal = (text: string) => text.replace(/\s+/g, " ").trim();
export const CATALOGUE_ENGLISH = new Map(
  flatten(en as Tree)
    .filter(
      ([key, value]) => !/[{}<]/.test(value) && normal(value).split(" ").length >= 2 && value !== spanishByKey.get(key),
    )
    .map(([key, value]) => [normal(value), key]),
);

const ENGLISH = new Set(english);
const SPANISH = new Set(spanish);
/** Words English and Spanish readers share on these pages, and brand words the app shows as they are. */
const NEUTRAL = new Set(["property", "data", "service", "dashboard", "homeowner", "email"]);

export function englishSentence(text: string): boolean {
  const words = normal(text).split(" ");
  if (words.length < 3) return false;
  const bare = words.map((w) => w.replace(/^[("'“¿¡]+|[)"'”.,:;!?…]+$/g, "").toLowerCase());
  if (!bare.every((w) => /^[a-z]+(?:'[a-z]+)?$/.test(w))) return false;
  if (!bare.every((w) => ENGLISH.has(w) || ENGLISH.has(w.replace(/'s$/, "")))) return false;
  return bare.filter((w) => !SPANISH.has(w) && !NEUTRAL.has(w)).length >= 2;
}
