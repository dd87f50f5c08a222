import type { Metadata } from "next";
import Link from "next/link";
import { LoginForm } from "@/components/auth/login-form";
import { TableScroll } from "@/components/ui/table-scroll";
import { embedded, env } from "@/lib/env";
import { safeCallbackPath } from "@/lib/security/safe-path";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { SSO_ERRORS } from "@/lib/auth/oidc";

// next-auth's own codes for a single sign-on that failed on the way (a stale or forged callback, the IdP's error).
const SSO_FLOW_ERRORS = new Set(["OAuthSignin", "OAuthCallback", "Callback"]);

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;
  const notice =
    error && Object.hasOwn(SSO_ERRORS, error)
      ? SSO_ERRORS[error as keyof typeof SSO_ERRORS]
      : error && SSO_FLOW_ERRORS.has(error)
        ? SSO_ERRORS.OidcFailed
        : undefined;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Sign in</h1>
      {params.deleted === "1" && (
        <p role="status" className="rounded-xl border border-brand-700 bg-white px-4 py-3">
          Your account is deleted and you are signed out. We sent a confirmation to your email. Goodbye, and thank you.
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <LoginForm callbackUrl={callbackUrl} sso={!!env.OIDC_ISSUER} notice={notice} />
      </div>
      <p className="text-sm text-slate-700">
        New here?{" "}
        <Link href="/signup" className="font-medium text-brand-700 underline">
          Create a homeowner account
        </Link>
      </p>
      {embedded && (
        <section aria-labelledby="demo-accounts" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm">
          <h2 id="demo-accounts" className="font-semibold">
            Demo accounts
          </h2>
          <p className="mt-1 text-slate-700">This install runs on the embedded data set, so these accounts exist:</p>
          <TableScroll label="Demo accounts">
            <table className="mt-3 w-full text-left">
              <thead>
                <tr>
                  <th scope="col" className="pb-1">
                    Role
                  </th>
                  <th scope="col" className="pb-1">
                    Email
                  </th>
                  <th scope="col" className="pb-1">
                    Password
                  </th>
                </tr>
              </thead>
              <tbody>
                {DEMO_ACCOUNTS.map((account) => (
                  <tr key={account.email}>
                    <td className="py-0.5">{account.role.replace("_", " ")}</td>
                    <td className="py-0.5 font-mono">{account.email}</td>
                    <td className="py-0.5 font-mono">{account.password}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="mt-3 text-slate-700">
            Staff also need a code from their authenticator app: here, <code className="font-mono">npm run demo:code -- officer@example.com</code> (or{" "}
            <code className="font-mono">admin@example.com</code>) prints the current one.
          </p>
        </section>
      )}
    </div>
  );
}
