import type { Page } from "@playwright/test";
import { CATALOGUE_ENGLISH, englishSentence, normal } from "@/lib/testing/english-text";

/** Every text a person reads or hears on the page: its text nodes and the words of its labels, titles and alt texts. */
export async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const skip = (el: Element | null) =>
      !!el?.closest('script, style, noscript, template, [lang="en"], [translate="no"]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !skip(node.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll(
      "[aria-label], [title], [placeholder], img[alt], [aria-description]",
    ))
      if (!skip(el))
        for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
          const value = el.getAttribute(name)?.trim();
          if (value) out.push(value);
        }
    out.push(document.title);
    return out;
  });
}

/** The English a Spanish page shows: each text, and why it is taken for English. */
export async function englishOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await textsOf(page)) {
    const key = CATALOGUE_ENGLISH.get(normal(text));
    if (key) found.add(`${normal(text)} (the English of ${key})`);
    else if (englishSentence(text)) found.add(`${normal(text)} (English words)`);
  }
  return [...found];
}
