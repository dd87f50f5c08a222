/**
 * Text the database can hold as it was given: no lone UTF-16 surrogate (JSON may carry "\ud800", which jsonb refuses
 * and which hashes differently once a driver has replaced it) and no NUL (PostgreSQL's text refuses it). Anything a
 * request carries is checked before it is parsed into a use-case, so a name, an email or an address either reaches the
 * database exactly as typed or is refused with a 400 naming its field.
 */
export function notText(value: string): string | undefined {
  if (!value.isWellFormed()) return "contains a broken character (a lone UTF-16 surrogate)";
  if (value.includes("\u0000")) return "contains a NUL character";
  return undefined;
}
