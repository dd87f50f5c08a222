import { Ended } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { UserIdParams } from "@/lib/api/schemas/admin";
import { signOutEverywhere } from "@/lib/services/identity/accounts";

export const DELETE = route(
  { roles: ["admin"], params: UserIdParams, summary: "Sign a user out everywhere", responses: { 200: Ended } },
  async ({ params }) => Response.json({ ended: await signOutEverywhere(params.userId) }),
);
