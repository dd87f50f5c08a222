import { decode } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { PAGE_CSP } from "@/lib/security/csp.mjs";
import { frameAncestors } from "@/lib/security/origins";

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

const sessionCookie = (request: NextRequest) => SESSION_COOKIES.map((name) => request.cookies.get(name)?.value).find(Boolean);

/**
 * Two jobs at the edge of the app, neither of them the access check (pages and routes do that):
 * - people without a session cookie are sent to sign in;
 * - the partner dashboard may be framed only by the origins its partner session names.
 */
export async function proxy(request: NextRequest) {
  const cookie = sessionCookie(request);
  if (request.nextUrl.pathname.startsWith("/embed/dashboard/view")) {
    const token = cookie ? await decode({ token: cookie, secret: authSecret() }).catch(() => null) : null;
    const ancestors = frameAncestors(Array.isArray(token?.frameOrigins) ? token.frameOrigins : []);
    const response = NextResponse.next();
    response.headers.set("Content-Security-Policy", PAGE_CSP.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`));
    return response;
  }
  if (cookie) return NextResponse.next();
  const login = new URL("/login", request.url);
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
  ],
};
