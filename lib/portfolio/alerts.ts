/**
 * "New" for an officer: an opportunity opened since they last looked at their alerts. The starting list of a client's
 * first refresh (`baseline`) is never new, nor is one being worked or set aside; an officer who never looked (no
 * time) sees every open one as new.
 */
export function isNewAlert(
  o: { status: "open" | "contacted" | "dismissed" | "closed"; baseline: boolean; openedAt: Date },
  seenAt: Date | null,
): boolean {
  return o.status === "open" && !o.baseline && (seenAt === null || o.openedAt.getTime() > seenAt.getTime());
}

/**
 * Whether a view of the first screen is the officer's own look, by the browser's `Sec-Fetch-Site`: a page opened from
 * this app or typed in (`same-origin`, `none`; no header from a client that is not a browser) marks the alerts seen;
 * one another site sent them to (a link, a redirect, a frame: `cross-site`, `same-site`) does not, so that no site can
 * clear an officer's new alerts by sending them to /today.
 */
export function isOwnLook(secFetchSite: string | null): boolean {
  return secFetchSite !== "cross-site" && secFetchSite !== "same-site";
}
