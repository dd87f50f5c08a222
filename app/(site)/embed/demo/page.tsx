import { getFormatter, getTranslations } from "next-intl/server";
import Script from "next/script";
import { EmbedCode } from "@/components/embed/embed-code";
import { appOrigin, embedded } from "@/lib/env";
import { BLOCKED_DEMO_SITE, DEMO_SITE, demoSiteOrigins } from "@/lib/services/partners/sites";

export async function generateMetadata() {
  const t = await getTranslations("EmbedDemo");
  return { title: t("title") };
}

export default async function EmbedDemoPage() {
  const [t, format] = await Promise.all([getTranslations("EmbedDemo"), getFormatter()]);
  const origins = demoSiteOrigins();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{t("intro")}</p>
      </div>
      {embedded ? (
        <>
          <section aria-labelledby="live-title" className="space-y-3">
            <h2 id="live-title" className="text-xl font-semibold">
              {t("liveTitle")}
            </h2>
            <div id="widget-demo" className="rounded-2xl border border-slate-200 bg-white p-4">
              <Script
                src="/embed.js"
                data-site-key={DEMO_SITE.siteKey}
                data-target="#widget-demo"
                strategy="afterInteractive"
              />
            </div>
          </section>
          <section aria-labelledby="code-title" className="space-y-3">
            <h2 id="code-title" className="text-xl font-semibold">
              {t("codeTitle")}
            </h2>
            <EmbedCode appOrigin={appOrigin} siteKey={DEMO_SITE.siteKey} />
            <p className="text-sm text-slate-700" data-testid="demo-origins">
              {t.rich("demoOrigins", {
                key: DEMO_SITE.siteKey,
                count: origins.length,
                origins: format.list(origins, { type: "conjunction" }),
                code: (chunks) => <code>{chunks}</code>,
              })}
            </p>
          </section>
          <section aria-labelledby="blocked-title" className="space-y-3">
            <h2 id="blocked-title" className="text-xl font-semibold">
              {t("blockedTitle")}
            </h2>
            <p className="text-slate-700">{t("blockedBody", { origin: BLOCKED_DEMO_SITE.allowedOrigins[0] ?? "" })}</p>
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
        <p>{t("notEmbedded")}</p>
      )}
    </div>
  );
}
