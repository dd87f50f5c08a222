"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";

export function SignOutButton() {
  const router = useRouter();
  async function leave() {
    // No redirect from next-auth: its URL comes from NEXTAUTH_URL, which a local install may not set.
    await signOut({ redirect: false });
    router.push("/");
    router.refresh();
  }
  return (
    <button type="button" onClick={leave} className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
      Sign out
    </button>
  );
}
