import type { Metadata } from "next";
import Script from "next/script";
import { EmbedCode } from "@/components/embed/embed-code";
import { appOrigin, embedded } from "@/lib/env";
import { BLOCKED_DEMO_SITE, DEMO_SITE, demoSiteOrigins } from "@/lib/services/sites";

export const metadata: Metadata = { title: "Embed the home-value widget" };

export default function EmbedDemoPage() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">Embed the home-value widget</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Put a &ldquo;what is my home worth?&rdquo; box on your own site. An admin registers your site with the origins it may appear on and a daily budget,
          and gets a site key. The widget then shows the branded Service Estimate for any address, at no sign-in.
        </p>
      </div>
      {embedded ? (
        <>
          <section aria-labelledby="live-title" className="space-y-3">
            <h2 id="live-title" className="text-xl font-semibold">
              The widget, embedded on this page
            </h2>
            <div id="widget-demo" className="rounded-2xl border border-slate-200 bg-white p-4">
              <Script src="/embed.js" data-site-key={DEMO_SITE.siteKey} data-target="#widget-demo" strategy="afterInteractive" />
            </div>
          </section>
          <section aria-labelledby="code-title" className="space-y-3">
            <h2 id="code-title" className="text-xl font-semibold">
              The snippet to copy
            </h2>
            <EmbedCode appOrigin={appOrigin} siteKey={DEMO_SITE.siteKey} />
            <p className="text-sm text-slate-700" data-testid="demo-origins">
              The demo site key <code>{DEMO_SITE.siteKey}</code> may be embedded only on this app&apos;s own{" "}
              {demoSiteOrigins().length === 1 ? "origin" : "origins"}: {demoSiteOrigins().join(" and ")}. Pasted anywhere else it shows the note below instead;
              your own site needs a site key of its own.
            </p>
          </section>
          <section aria-labelledby="blocked-title" className="space-y-3">
            <h2 id="blocked-title" className="text-xl font-semibold">
              What a blocked origin looks like
            </h2>
            <p className="text-slate-700">
              This one line uses a site key registered only for {BLOCKED_DEMO_SITE.allowedOrigins[0]}. The widget tells browsers which origins may frame it, so
              this page would get an empty frame (a plain iframe stays empty); the one line asks first and shows a note naming the origin instead. The
              widget&apos;s API refuses calls from other origins too.
            </p>
            {/* A src of its own: next/script loads one src once, so a second "/embed.js" would never run. */}
            <div id="widget-blocked">
              <Script
                id="widget-blocked-loader"
                src="/embed.js?blocked"
                data-site-key={BLOCKED_DEMO_SITE.siteKey}
                data-target="#widget-blocked"
                strategy="afterInteractive"
              />
            </div>
          </section>
        </>
      ) : (
        <p>Ask an admin to register your site on the admin page; the embed code appears there.</p>
      )}
    </div>
  );
}
