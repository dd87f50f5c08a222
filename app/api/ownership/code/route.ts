import { route } from "@/lib/api/route";
import { CodeBody } from "@/lib/api/schemas";
import { confirmCode } from "@/lib/services/ownership";

// POST /api/ownership/code: the code from the letter proves the homeowner owns the home
export const POST = route({ roles: ["homeowner"], body: CodeBody }, async ({ user, body }) => {
  await confirmCode(user, body.code);
  return Response.json({ verified: true });
});
