import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "@/components/auth/signup-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const metadata: Metadata = { title: "Create your account" };

export default function SignUpPage() {
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Create your homeowner account</h1>
      <p className="text-slate-700">See what your home is worth, what you owe and what you could borrow, for every home you own.</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <SignUpForm minPasswordLength={MIN_PASSWORD_LENGTH} next="/onboarding" />
      </div>
      <p className="text-sm text-slate-700">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
