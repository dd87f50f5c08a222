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
