import type { IncomingMessage } from "node:http";
import { log } from "@/lib/log";
import { afterNextResponse } from "@/lib/startup";

/**
 * The main pages, in the order a developer signing in with the demo accounts meets them (with the sign-in's route
 * after the sign-in page), then a newcomer's sign-up and onboarding. A property page's route compiles the same for
 * any id.
 */
export const WARM_UP_PATHS = [
  "/login",
  "/api/auth/session",
  "/dashboard",
  "/dashboard/properties/0",
  "/today",
  "/lookup",
  "/clients",
  "/admin",
  "/signup",
  "/onboarding",
];

/**
 * Under `next dev`, Turbopack compiles a route at its first request: 5-15 s a page on a 2-core machine, so every
 * page a newcomer opened after the first was as slow again. Once the first page has been answered, this asks for the
 * main pages in the background, one at a time so that it never competes with itself, each as soon as the one before
 * has been answered; a person's first visit then finds the page compiled. The pages behind sign-in are asked with a
 * session cookie that signs no one in: it passes proxy.ts, and the page compiles and then sends the request to sign in.
 */
export function warmUpAfterFirstResponse(paths: string[] = WARM_UP_PATHS): Promise<void> {
  return new Promise((resolve) =>
    afterNextResponse((request: IncomingMessage) => {
      const { localAddress, localPort } = request.socket;
      const host = localAddress?.includes(":") ? `[${localAddress}]` : localAddress;
      void warmUp(`http://${host}:${localPort}`, paths).then(resolve);
    }),
  );
}

async function warmUp(origin: string, paths: string[]): Promise<void> {
  log.info({ paths }, "next dev: compiling the main pages in the background, so that their first visit is quick");
  const began = performance.now();
  for (const path of paths) {
    try {
      // Not to next-auth's own route: it would log the cookie it cannot read as an error.
      const headers: HeadersInit = path.startsWith("/api/") ? {} : { Cookie: "next-auth.session-token=warm-up" };
      const response = await fetch(`${origin}${path}`, { redirect: "manual", headers });
      await response.arrayBuffer();
    } catch {
      // The server stopped (Ctrl-C during the warm-up): nothing left to warm.
      return;
    }
  }
  log.info({ ms: Math.round(performance.now() - began) }, "next dev: the main pages are compiled");
}
