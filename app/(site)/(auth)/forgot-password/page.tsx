import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Forgot your password?" };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="text-slate-700">Tell us the email of your account and we will send a link to choose a new password. It works once, for 30 minutes.</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <ForgotPasswordForm />
      </div>
    </div>
  );
}
