import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AcceptInvitationForm } from "@/components/auth/account-forms";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AppError, orAppError } from "@/lib/services/errors";
import { invitationPreview } from "@/lib/services/identity/invitations";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Invite");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function InvitePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  const [t, errors] = await Promise.all([getTranslations("Invite"), getTranslations("Errors")]);
  const preview =
    typeof token === "string" && token
      ? await orAppError(invitationPreview(token))
      : new AppError({ code: "invitation_not_found", message: t("needsLink") });
  if (AppError.is(preview)) {
    // A code the catalogue's Errors names is said in the reader's language; else the server's words.
    const code = preview.code as Parameters<typeof errors>[0];
    return (
      <ErrorPanel
        title={t("cannotOpen")}
        message={typeof token === "string" && token && errors.has(code) ? errors(code) : preview.message}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      <p className="text-slate-700">
        {t.rich("welcome", {
          name: preview.name,
          email: preview.email,
          address: preview.address,
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <AcceptInvitationForm token={typeof token === "string" ? token : ""} hasAccount={preview.hasAccount} />
      </div>
    </div>
  );
}
