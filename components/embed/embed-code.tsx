import { useTranslations } from "next-intl";

/** The two ways to embed the widget, ready to copy: wrapped, so that all of each line shows on any screen. */
export function EmbedCode({ appOrigin, siteKey }: { appOrigin: string; siteKey: string }) {
  const t = useTranslations("EmbedCode");
  const script = `<script src="${appOrigin}/embed.js" data-site-key="${siteKey}" async></script>`;
  // A plain iframe cannot grow with its content (the one line resizes itself): tall enough for an estimate, its
  // provider's line, both links and the report form on a phone.
  const iframe = `<iframe src="${appOrigin}/embed/valuation?key=${siteKey}" title="${t("iframeTitle")}" style="width:100%;max-width:560px;height:900px;border:0"></iframe>`;
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">{t("oneLine")}</p>
      <pre className="rounded-lg bg-slate-900 p-3 break-all whitespace-pre-wrap text-slate-100">
        <code>{script}</code>
      </pre>
      <p className="font-medium">{t("plainIframe")}</p>
      <pre className="rounded-lg bg-slate-900 p-3 break-all whitespace-pre-wrap text-slate-100">
        <code>{iframe}</code>
      </pre>
    </div>
  );
}
