import { Ended } from "@/lib/api/answers";
import { ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/api/route";
import { signOutEverywhere } from "@/lib/services/identity/accounts";

export const DELETE = route(
  { roles: ROLES, unfinished: ["enrol", "pending"], summary: "Sign out everywhere", responses: { 200: Ended } },
  async ({ user }) => Response.json({ ended: await signOutEverywhere(user.id) }),
);
