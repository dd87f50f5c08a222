/** The pages' Content-Security-Policy (see csp.mjs). */
export declare const PAGE_CSP: string;
