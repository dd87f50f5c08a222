import { route } from "@/lib/api/route";
import { signOutEverywhere } from "@/lib/services/accounts";

// DELETE /api/account/sessions: sign out everywhere, this browser included
export const DELETE = route({ roles: ["homeowner", "loan_officer", "admin"] }, async ({ user }) => Response.json({ ended: await signOutEverywhere(user.id) }));
