import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/auth/account-forms";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AppError, orAppError } from "@/lib/services/errors";
import { invitationPreview } from "@/lib/services/invitations";

export const metadata: Metadata = { title: "Your invitation", referrer: "no-referrer" };

export default async function InvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const preview =
    typeof token === "string" && token
      ? await orAppError(invitationPreview(token))
      : new AppError(404, "invitation_not_found", "This page needs the link from your invitation email.");
  if (AppError.is(preview)) return <ErrorPanel title="This invitation cannot be opened" message={preview.message} />;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Your home dashboard</h1>
      <p className="text-slate-700">
        Welcome, {preview.name}. Your loan officer invited <strong>{preview.email}</strong> to the dashboard of <strong>{preview.address}</strong>: its value,
        your loans, your equity and what you could borrow.
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <AcceptInvitationForm token={typeof token === "string" ? token : ""} hasAccount={preview.hasAccount} />
      </div>
    </div>
  );
}
