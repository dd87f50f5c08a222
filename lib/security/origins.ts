// scheme://host[:port], the host made of lowercase letters, digits, dots and hyphens: what a CSP host-source can
// express exactly. No wildcard, path, user info, IPv6 literal or anything else a header could smuggle in.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const ORIGIN = new RegExp(`^https?://${LABEL}(?:\\.${LABEL})*(?::[1-9][0-9]{0,4})?$`);

/** True for a canonical http(s) origin that is safe to write into `frame-ancestors` and compare with `Origin`. */
export function isSafeOrigin(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 300 || !ORIGIN.test(value)) return false;
  try {
    const url = new URL(value);
    // Canonical form only (no default port, nothing the URL parser would rewrite): what browsers send as Origin.
    return url.origin === value && Number(url.port || 1) <= 65_535;
  } catch {
    return false;
  }
}

/** The `frame-ancestors` sources for a list of stored origins: only the safe ones, or 'none' when none is. */
export function frameAncestors(origins: readonly unknown[]): string {
  const safe = origins.filter(isSafeOrigin);
  return safe.length ? safe.join(" ") : "'none'";
}

/** `https://bank.example:8443/path` → `https://bank.example:8443`; undefined for anything that is not http(s). */
export function originOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
