import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { LoginForm } from "@/components/auth/login-form";
import { DataTable } from "@/components/ui/data-table";
import { embedded, env } from "@/lib/env";
import { safeCallbackPath } from "@/lib/security/safe-path";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { SSO_ERRORS, type SsoError } from "@/lib/auth/oidc";

// next-auth's own codes for a single sign-on that failed on the way (a stale or forged callback, the IdP's error).
const SSO_FLOW_ERRORS = new Set(["OAuthSignin", "OAuthCallback", "Callback"]);

export async function generateMetadata() {
  const t = await getTranslations("Login");
  return { title: t("title") };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;
  const t = await getTranslations("Login");
  const sso: SsoError | undefined =
    error && Object.hasOwn(SSO_ERRORS, error)
      ? (error as SsoError)
      : error && SSO_FLOW_ERRORS.has(error)
        ? "OidcFailed"
        : undefined;
  const notice = sso && t(`sso.${sso}`);
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      {params.deleted === "1" && (
        <p role="status" className="rounded-xl border border-brand-700 bg-white px-4 py-3">
          {t("deleted")}
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <LoginForm callbackUrl={callbackUrl} sso={!!env.OIDC_ISSUER} notice={notice} />
      </div>
      <p className="text-sm text-slate-700">
        {t.rich("newHere", {
          link: (chunks) => (
            <Link href="/signup" className="font-medium text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
      {embedded && (
        <section aria-labelledby="demo-accounts" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm">
          <h2 id="demo-accounts" className="font-semibold">
            {t("demoHeading")}
          </h2>
          <p className="mt-1 text-slate-700">{t("demoIntro")}</p>
          <DataTable
            label={t("demoHeading")}
            look="quiet"
            className="mt-3"
            columns={[t("demoRole"), t("demoEmail"), t("demoPassword")]}
          >
            {DEMO_ACCOUNTS.map((account) => (
              <tr key={account.email}>
                <td className="py-0.5 pr-3">{t("demoRoleName", { role: account.role })}</td>
                <td className="py-0.5 pr-3 font-mono">{account.email}</td>
                <td className="py-0.5 font-mono">{account.password}</td>
              </tr>
            ))}
          </DataTable>
          <p className="mt-3 text-slate-700">
            {t.rich("demoCode", {
              command: "npm run demo:code -- officer@example.com",
              admin: "admin@example.com",
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </p>
        </section>
      )}
    </div>
  );
}
