import { createTranslator, type Messages, type NamespaceKeys, type NestedKeyOf } from "next-intl";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { Locale } from "./locales";

/** Both catalogues, for words written outside a page: mail, the digest, the report, the widget's HTML. */
export const CATALOGUES: Record<Locale, Messages> = { en, es };

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

const make = <N extends Namespace>(locale: Locale, namespace: N) =>
  createTranslator({ locale, messages: CATALOGUES[locale], namespace, timeZone: "UTC" });

// One translator per language and namespace for the process: each keeps the messages it has parsed and the formatters
// it has built, which a new one per call (the widget's consent on every view) made again each time.
const made = new Map<string, unknown>();

/**
 * A translator of one language and namespace, for code that runs outside a page's render (a job sending mail, a
 * route writing HTML): `translator("es", "Mail")("resetSubject")`. Dates are read in UTC, as everywhere.
 */
export function translator<N extends Namespace>(locale: Locale, namespace: N): ReturnType<typeof make<N>> {
  const key = `${locale}:${namespace}`;
  let known = made.get(key) as ReturnType<typeof make<N>> | undefined;
  if (!known) made.set(key, (known = make(locale, namespace)));
  return known;
}

/** Only the namespaces a client component needs, for NextIntlClientProvider (the rest stays on the server). */
export function pickMessages(messages: Messages, namespaces: readonly (keyof Messages)[]): Partial<Messages> {
  return Object.fromEntries(namespaces.filter((n) => n in messages).map((n) => [n, messages[n]])) as Partial<Messages>;
}
