/**
 * The digest a page's error carries when the database or cache cannot be reached. Next.js keeps an error's own digest
 * on its way to the browser (and hides its message in production), so the error page can tell an outage from a bug.
 */
export const UNAVAILABLE_DIGEST = "service-unavailable";
