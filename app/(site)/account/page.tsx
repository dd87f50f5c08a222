import type { Route } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { AccessLogList } from "@/components/account/access-log-list";
import { ApiTokens } from "@/components/account/api-tokens";
import { DeleteAccount } from "@/components/account/delete-account";
import { ChangePasswordForm, SignOutEverywhereButton } from "@/components/auth/account-forms";
import { SCOPE_CHOICES } from "@/lib/auth/api-token-format";
import { Button } from "@/components/ui/button";
import { requirePageUser } from "@/lib/api/page";
import { homeAccessLog, type AccessEntry } from "@/lib/services/audit/access-log";
import { listApiTokens } from "@/lib/services/identity/api-tokens";
import { mailPreferencesOf } from "@/lib/services/portfolio/digests";
import { LeadMailForm } from "@/components/leads/lead-mail-form";
import { leadMail } from "@/lib/services/leads/leads";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { securityOf } from "@/lib/services/identity/security";
import { officerProfile } from "@/lib/services/portfolio/officers";
import { ClientMessages } from "@/components/i18n/client-messages";
import { OfficerProfileForm } from "@/components/officer/officer-profile-form";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { saveMailPreferences } from "./actions";
import { digestSender } from "./digest-sender";

export async function generateMetadata() {
  const t = await getTranslations("Account");
  return { title: t("title") };
}

export default async function AccountPage() {
  const caller = await requirePageUser(["homeowner", "loan_officer", "admin"], "/account");
  const { user } = caller;
  const card = "space-y-3 rounded-2xl border border-slate-200 bg-white p-6";
  const homeowner = user.role === "homeowner";
  const [mail, sender, security, accessLog, tokens, leadMailChoice, profile] = await Promise.all([
    mailPreferencesOf(user.id),
    homeowner ? digestSender(user.id) : undefined,
    securityOf(user),
    homeowner ? readAccessLog(caller) : [],
    homeowner ? [] : listApiTokens(user, "own"),
    homeowner ? undefined : leadMail(user.id),
    homeowner ? null : officerProfile(user.id),
  ]);
  const keys = security.passkeys.length;
  const t = await getTranslations("Account");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <p className="text-slate-700">
          {t("who", {
            email: user.email,
            role: user.role,
            verified: homeowner ? String(user.ownerIds.length > 0) : "staff",
          })}
        </p>
      </div>
      {profile && (
        <section aria-labelledby="officer-card-form-title" className={card}>
          <h2 id="officer-card-form-title" className="text-xl font-semibold">
            {t("officerCard")}
          </h2>
          <ClientMessages namespaces={["OfficerProfile"]}>
            <OfficerProfileForm initial={profile} />
          </ClientMessages>
        </section>
      )}
      <section aria-labelledby="security-title" className={card}>
        <h2 id="security-title" className="text-xl font-semibold">
          {t("securityTitle")}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800" data-testid="security-summary">
          <li>{t("passkeys", { count: keys, names: security.passkeys.map((key) => key.name).join(", ") })}</li>
          <li>{t("authenticator", { on: String(security.totp) })}</li>
          {(keys > 0 || security.totp) && <li>{t("recoveryCodes", { left: security.recoveryCodesLeft })}</li>}
        </ul>
        {!keys && !security.totp && homeowner && <p className="text-sm text-slate-700">{t("addFactor")}</p>}
        <Link href={"/account/security" as Route} className="inline-block font-medium text-brand-700 underline">
          {t("manage")}
        </Link>
      </section>
      <section aria-labelledby="password-title" className={card}>
        <h2 id="password-title" className="text-xl font-semibold">
          {t("passwordTitle")}
        </h2>
        <ChangePasswordForm />
      </section>
      <section id="email" aria-labelledby="email-title" className={card}>
        <h2 id="email-title" className="text-xl font-semibold">
          {t("emailTitle")}
        </h2>
        {/* The one place the digest is turned on or off (the digest's preview and its mail point here). */}
        <form action={saveMailPreferences} className="space-y-3">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name={homeowner ? "monthlyDigest" : "dailySummary"}
              defaultChecked={homeowner ? mail.monthlyDigest : mail.dailySummary}
              aria-describedby={sender ? "digest-about" : undefined}
              className="mt-1 size-4"
            />
            <span>{homeowner ? t("monthlyDigest") : t("dailySummary")}</span>
          </label>
          {sender && (
            <p id="digest-about" className="text-sm text-slate-700" data-testid="digest-about">
              {t("digestAbout", {
                who: sender.who,
                name: sender.name,
                proved: user.ownerIds.length === 0 ? "false" : security.emailVerified ? "true" : "unconfirmed",
              })}
            </p>
          )}
          <Button type="submit">{t("saveEmail")}</Button>
        </form>
        {homeowner && user.ownerIds.length > 0 && (
          <p className="text-sm">
            <Link
              href={"/account/digest" as Route}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t("digestPreviewLink")}
            </Link>
          </p>
        )}
      </section>
      {leadMailChoice && (
        <section id="lead-mail" aria-labelledby="lead-mail-title" className={card}>
          <h2 id="lead-mail-title" className="text-xl font-semibold">
            {t("leadsTitle")}
          </h2>
          <LeadMailForm leadMail={leadMailChoice} />
        </section>
      )}
      {homeowner && (
        <section aria-labelledby="access-title" className={card}>
          <h2 id="access-title" className="text-xl font-semibold">
            {t("accessTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("accessIntro")}</p>
          {accessLog ? (
            <AccessLogList entries={accessLog} />
          ) : (
            <p role="status" className="text-sm text-slate-700">
              {t("accessUnavailable")}
            </p>
          )}
        </section>
      )}
      {!homeowner && (
        <section aria-labelledby="tokens-title" className={card}>
          <h2 id="tokens-title" className="text-xl font-semibold">
            {t("tokensTitle")}
          </h2>
          <p className="text-sm text-slate-700">
            {t.rich("tokensIntro", {
              link: (chunks) => (
                <a href="/api/docs" className="font-medium text-brand-700 underline">
                  {chunks}
                </a>
              ),
            })}
          </p>
          <ApiTokens endpoint="/api/account/tokens" tokens={tokens} scopes={SCOPE_CHOICES} />
        </section>
      )}
      <section aria-labelledby="language-title" className={card}>
        <h2 id="language-title" className="text-xl font-semibold">
          {t("languageTitle")}
        </h2>
        <p className="text-sm text-slate-700">{t("languageIntro")}</p>
        <LanguageSwitch />
      </section>
      <section aria-labelledby="sessions-title" className={card}>
        <h2 id="sessions-title" className="text-xl font-semibold">
          {t("sessionsTitle")}
        </h2>
        <p className="text-sm text-slate-700">{t("sessionsIntro")}</p>
        <SignOutEverywhereButton />
      </section>
      {homeowner && (
        <section aria-labelledby="data-title" className={card}>
          <h2 id="data-title" className="text-xl font-semibold">
            {t("dataTitle")}
          </h2>
          <p className="text-sm text-slate-700">{t("dataIntro")}</p>
          <a href="/api/account/export" download className="inline-block font-medium text-brand-700 underline">
            {t("download")}
          </a>
          <p className="text-sm text-slate-700">{t("leaving", { days: env.RETENTION_DAYS })}</p>
          <DeleteAccount hasSecondFactor={keys > 0 || security.totp} />
        </section>
      )}
    </div>
  );
}

/**
 * The homeowner's access log, or null when their homes' addresses cannot be read now: the rest of the page still shows.
 */
async function readAccessLog(caller: Parameters<typeof homeAccessLog>[0]): Promise<AccessEntry[] | null> {
  try {
    return await homeAccessLog(caller);
  } catch (error) {
    log.warn({ err: error }, "account: the access log could not be read");
    return null;
  }
}
