import { env } from "@/lib/env";

/**
 * Session and device cookies are Secure (and the session's carries the __Secure- prefix) when the app is served over
 * https.
 */
export const secureCookies = env.NODE_ENV === "production" && !!env.NEXTAUTH_URL?.startsWith("https://");
