/** The pages' Content-Security-Policy (see csp.mjs). */
export declare const PAGE_CSP: string;
/** The API reference's Content-Security-Policy (`/api/docs`; see csp.mjs). */
export declare const DOCS_CSP: string;
