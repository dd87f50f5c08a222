import { route } from "@/lib/api/route";
import { OwnerBody } from "@/lib/api/schemas";
import { createOwnerFor } from "@/lib/services/owners";

// POST /api/owners: create the signed-in homeowner's owner record and link it, once
export const POST = route({ roles: ["homeowner"], body: OwnerBody }, async ({ caller, body }) => {
  const result = await createOwnerFor(caller, body);
  return Response.json(result, { status: result.created ? 201 : 200 });
});
