import { formatsFor, type Formats } from "@/lib/format";
/**
 * A factor's date as a day in the reader's formats ("March 3, 2026", "3 de marzo de 2026"); null for none (the caller
 * says "never").
 */
export const dayOf = (iso: string | null, formats: Formats = formatsFor("en")): string | null =>
  iso ? formats.date(iso) : null;

/** A base32 secret in groups of four, easier to read and type. */
export const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;
