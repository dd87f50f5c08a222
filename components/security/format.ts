import { formatDate } from "@/lib/format";
/** A factor's date as a day ("March 3, 2026"), or "never". */
export const dayOf = (iso: string | null) => (iso ? formatDate(iso) : "never");

/** A base32 secret in groups of four, easier to read and type. */
export const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;
