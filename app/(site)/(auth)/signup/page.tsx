import type { Metadata } from "next";
import type { Route } from "next";
import Link from "next/link";
import { carriedAddress } from "@/components/address/carried-address";
import { SignUpForm } from "@/components/auth/signup-form";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The address someone valued in the widget comes along to onboarding, whether they sign up or sign in.
  const address = carriedAddress((await searchParams).address);
  const next = address ? `/onboarding?address=${encodeURIComponent(address)}` : "/onboarding";
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold">Create your homeowner account</h1>
      <p className="text-slate-700">See what your home is worth, what you owe and what you could borrow, for every home you own.</p>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <SignUpForm minPasswordLength={MIN_PASSWORD_LENGTH} next={next} />
      </div>
      <p className="text-sm text-slate-700">
        Already have an account?{" "}
        <Link href={(address ? `/login?callbackUrl=${encodeURIComponent(next)}` : "/login") as Route} className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
