"use server";

import { action } from "@/lib/api/action";
import { STAFF } from "@/lib/auth/roles";
import { InviteBody } from "@/lib/api/schemas/clients";
import { invite } from "@/lib/services/identity/invitations";

// The lookup page's (and /admin's) invitation form; POST /api/invitations stays documented for API clients.

export const inviteClient = action({ roles: STAFF, input: InviteBody }, async ({ caller, input }) => {
  const { email, address } = await invite(caller, input);
  return { email, address };
});
