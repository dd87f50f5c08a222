"use client";

import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: "/" })} className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
      Sign out
    </button>
  );
}
