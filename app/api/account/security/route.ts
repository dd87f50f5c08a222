import { Security } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { securityOf } from "@/lib/services/identity/security";

export const GET = route(
  {
    roles: ROLES,
    unfinished: ["enrol", "pending"],
    summary: "Your second factors, and whether this session gave one",
    responses: { 200: Security },
  },
  async ({ user }) => Response.json(await securityOf(user)),
);
