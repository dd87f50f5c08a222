import type { Metadata, Route } from "next";
import Link from "next/link";
import { AccessLogList } from "@/components/account/access-log-list";
import { ApiTokens } from "@/components/account/api-tokens";
import { DeleteAccount } from "@/components/account/delete-account";
import { ChangePasswordForm, SignOutEverywhereButton } from "@/components/auth/account-forms";
import { SCOPE_CHOICES } from "@/lib/auth/api-token-format";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { Button } from "@/components/ui/button";
import { requirePageUser } from "@/lib/api/page";
import { homeAccessLog, type AccessEntry } from "@/lib/services/access-log";
import { listApiTokens } from "@/lib/services/api-tokens";
import { digestIsFor, mailPreferencesOf } from "@/lib/services/digests";
import { LeadMailForm } from "@/components/leads/lead-mail-form";
import { leadMail } from "@/lib/services/leads";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { securityOf } from "@/lib/services/security";
import { officerProfile } from "@/lib/services/officers";
import { OfficerProfileForm } from "@/components/officer/officer-profile-form";
import { saveMailPreferences } from "./actions";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const caller = await requirePageUser(["homeowner", "loan_officer", "admin"], "/account");
  const { user } = caller;
  const card = "space-y-3 rounded-2xl border border-slate-200 bg-white p-6";
  const homeowner = user.role === "homeowner";
  const [mail, digest, security, accessLog, tokens, leadMailChoice, profile] = await Promise.all([
    mailPreferencesOf(user.id),
    homeowner ? digestIsFor(user.id) : false,
    securityOf(user),
    homeowner ? readAccessLog(caller) : [],
    homeowner ? [] : listApiTokens(user, "own"),
    homeowner ? undefined : leadMail(user.id),
    homeowner ? null : officerProfile(user.id),
  ]);
  const keys = security.passkeys.length;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Your account</h1>
        <p className="text-slate-700">
          {user.email} · {ROLE_LABELS[user.role]}
          {user.role === "homeowner" && (user.ownerIds.length ? " · home verified" : " · home not verified yet")}
        </p>
      </div>
      {profile && (
        <section aria-labelledby="officer-card-form-title" className={card}>
          <h2 id="officer-card-form-title" className="text-xl font-semibold">
            Your loan officer card
          </h2>
          <OfficerProfileForm initial={profile} />
        </section>
      )}
      <section aria-labelledby="security-title" className={card}>
        <h2 id="security-title" className="text-xl font-semibold">
          Sign-in and security
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="security-summary">
          <li>Passkeys: {keys ? `${keys} (${security.passkeys.map((key) => key.name).join(", ")})` : "none"}</li>
          <li>Authenticator app: {security.totp ? "on" : "off"}</li>
          {(keys > 0 || security.totp) && <li>Recovery codes: {security.recoveryCodesLeft} of 10 left</li>}
        </ul>
        {!keys && !security.totp && homeowner && (
          <p className="text-sm text-slate-700">Add a passkey to sign in without a password, or an authenticator app for a code on top of it.</p>
        )}
        <Link href={"/account/security" as Route} className="inline-block font-medium text-brand-700 underline">
          Manage passkeys, authenticator app and recovery codes
        </Link>
      </section>
      <section aria-labelledby="password-title" className={card}>
        <h2 id="password-title" className="text-xl font-semibold">
          Change your password
        </h2>
        <ChangePasswordForm />
      </section>
      <section id="email" aria-labelledby="email-title" className={card}>
        <h2 id="email-title" className="text-xl font-semibold">
          Email we send you
        </h2>
        {homeowner && !digest ? (
          <p className="text-sm text-slate-800" data-testid="no-digest">
            None beyond what you ask for. The monthly digest of what your home is worth comes from the loan officer who invited you, and your account was opened
            without an invitation.
          </p>
        ) : (
          <form action={saveMailPreferences} className="space-y-3">
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name={homeowner ? "monthlyDigest" : "dailySummary"}
                defaultChecked={homeowner ? mail.monthlyDigest : mail.dailySummary}
                className="mt-1 size-4"
              />
              <span>
                {homeowner
                  ? "A monthly digest: what your home is worth, its change, your equity and what you could borrow."
                  : "A daily summary of your clients' new opportunities (only on days that have some)."}
              </span>
            </label>
            <Button type="submit">Save email choices</Button>
          </form>
        )}
      </section>
      {leadMailChoice && (
        <section id="lead-mail" aria-labelledby="lead-mail-title" className={card}>
          <h2 id="lead-mail-title" className="text-xl font-semibold">
            New leads
          </h2>
          <LeadMailForm leadMail={leadMailChoice} />
        </section>
      )}
      {homeowner && (
        <section aria-labelledby="access-title" className={card}>
          <h2 id="access-title" className="text-xl font-semibold">
            Who looked at my home&apos;s records
          </h2>
          <p className="text-sm text-slate-700">Each time a loan officer, an admin or a partner&apos;s site read your home&apos;s loans, equity or report.</p>
          {accessLog ? (
            <AccessLogList entries={accessLog} />
          ) : (
            <p role="status" className="text-sm text-slate-700">
              This list cannot be read right now (the property data service is not answering). Please look again in a few minutes.
            </p>
          )}
        </section>
      )}
      {!homeowner && (
        <section aria-labelledby="tokens-title" className={card}>
          <h2 id="tokens-title" className="text-xl font-semibold">
            API tokens
          </h2>
          <p className="text-sm text-slate-700">
            For your CRM or scripts: each token calls the API as you, with only the scopes you pick, until it expires or you revoke it. See the{" "}
            <a href="/api/docs" className="font-medium text-brand-700 underline">
              API reference
            </a>
            .
          </p>
          <ApiTokens endpoint="/api/account/tokens" tokens={tokens} scopes={SCOPE_CHOICES} />
        </section>
      )}
      <section aria-labelledby="sessions-title" className={card}>
        <h2 id="sessions-title" className="text-xl font-semibold">
          Signed in somewhere you should not be?
        </h2>
        <p className="text-sm text-slate-700">This signs out every browser and device where your account is open, this one included.</p>
        <SignOutEverywhereButton />
      </section>
      {homeowner && (
        <section aria-labelledby="data-title" className={card}>
          <h2 id="data-title" className="text-xl font-semibold">
            Your data
          </h2>
          <p className="text-sm text-slate-700">
            A copy of everything we keep about you, as one file: your account, your homes and how you proved them, your figures, the email we sent you, your
            sessions and devices, and who looked at your home&apos;s records.
          </p>
          <a href="/api/account/export" download className="inline-block font-medium text-brand-700 underline">
            Download my data
          </a>
          <p className="text-sm text-slate-700">
            Leaving? Deleting your account removes it and what is yours at once. An account nobody signs in to and we send no mail for {env.RETENTION_DAYS} days
            is deleted too, after an email warning a month before.
          </p>
          <DeleteAccount hasSecondFactor={keys > 0 || security.totp} />
        </section>
      )}
    </div>
  );
}

/** The homeowner's access log, or null when their homes' addresses cannot be read now: the rest of the page still shows. */
async function readAccessLog(caller: Parameters<typeof homeAccessLog>[0]): Promise<AccessEntry[] | null> {
  try {
    return await homeAccessLog(caller);
  } catch (error) {
    log.warn({ err: error }, "account: the access log could not be read");
    return null;
  }
}
