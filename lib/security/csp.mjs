/**
 * The pages' Content-Security-Policy. Scripts allow 'unsafe-inline' because Next.js writes inline scripts (its
 * router state) into every page, and a per-request nonce would make every page dynamic; 'self' still keeps out other
 * origins' scripts, and nothing else may load from elsewhere.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The policy for `next dev`: React's development build rebuilds server call stacks with eval, which the production
 * policy forbids (a red "1 Issue" badge on every page). Never in a production build.
 */
export const DEV_PAGE_CSP = PAGE_CSP.replace(
  "script-src 'self' 'unsafe-inline'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
);

/**
 * The API reference's policy (`/api/docs`, Scalar's browser bundle served by the app itself): its script from this
 * origin only and no inline script at all; styles inline (the bundle injects its own), and requests ("try it", the
 * OpenAPI document) to this origin only. Nothing from a CDN: the page works without internet.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
