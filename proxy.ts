import { decode } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { appOrigin, env } from "@/lib/env";
import { PAGE_CSP } from "@/lib/security/csp.mjs";
import { frameAncestors } from "@/lib/security/origins";

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

const sessionCookie = (request: NextRequest) =>
  SESSION_COOKIES.map((name) => request.cookies.get(name)?.value).find(Boolean);

/**
 * A route's dynamic segment that does not decode (a malformed percent-escape, a lone surrogate's bytes) would fail in
 * Next.js's own parameter decoding, before route() runs, as an unlogged 500: it is a 400 naming the path instead.
 */
function undecodablePath(pathname: string): Response | undefined {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return undefined;
  } catch {
    const message = "path: a segment of the address is not valid percent-encoded UTF-8";
    return Response.json(
      { error: { code: "invalid_path", message, fields: { path: "is not valid percent-encoded UTF-8" } } },
      { status: 400 },
    );
  }
}

/**
 * Three jobs at the edge of the app, none of them the access check (pages and routes do that):
 * - people without a session cookie are sent to sign in;
 * - the partner dashboard may be framed only by the origins its partner session names;
 * - the API's routes with dynamic segments refuse a segment that does not decode.
 */
export async function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith("/api/"))
    return undecodablePath(request.nextUrl.pathname) ?? NextResponse.next();
  const cookie = sessionCookie(request);
  if (request.nextUrl.pathname.startsWith("/embed/dashboard/view")) {
    const token = cookie ? await decode({ token: cookie, secret: authSecret() }).catch(() => null) : null;
    const ancestors = frameAncestors(Array.isArray(token?.frameOrigins) ? token.frameOrigins : []);
    const response = NextResponse.next();
    response.headers.set(
      "Content-Security-Policy",
      PAGE_CSP.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`),
    );
    return response;
  }
  if (cookie) return NextResponse.next();
  // On the configured public origin: request.url is the server's bind address behind HOSTNAME=0.0.0.0. Without one
  // (`next start` on a port), the address the request came to.
  const login = new URL("/login", env.NEXTAUTH_URL ? appOrigin : request.url);
  login.searchParams.set("callbackUrl", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

// Signed-in pages run the proxy only for requests without a session cookie (the only ones it has work for): running
// it cost every signed-in page view 3% of its CPU. Literal values only: Next.js reads this object at build time.
export const config = {
  matcher: [
    {
      source: "/:section(dashboard|onboarding|lookup|clients|admin|account)/:path*",
      missing: [
        { type: "cookie", key: "next-auth.session-token" },
        { type: "cookie", key: "__Secure-next-auth.session-token" },
      ],
    },
    "/embed/dashboard/view/:path*",
    // The API's routes with a dynamic segment (and their static siblings, which cost nothing here).
    "/api/account/passkeys/:path+",
    "/api/account/tokens/:path+",
    "/api/admin/tokens/:path+",
    "/api/admin/users/:path+",
    "/api/admin/webhooks/:path+",
    "/api/clients/:path+",
    "/api/leads/:path+",
    "/api/officers/:path+",
    "/api/opportunities/:path+",
    "/api/owner-figures/:path+",
  ],
};
