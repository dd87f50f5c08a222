import { route } from "@/lib/api/route";
import { InviteBody } from "@/lib/api/schemas";
import { invite } from "@/lib/services/invitations";

// POST /api/invitations: a loan officer or admin invites a client to their home's dashboard by email
export const POST = route({ roles: ["loan_officer", "admin"], body: InviteBody }, async ({ caller, body }) => Response.json(await invite(caller, body), { status: 201 }));
