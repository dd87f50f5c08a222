import { Verified } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { CodeBody } from "@/lib/api/schemas/property";
import { confirmCode } from "@/lib/services/homes/ownership";

// POST /api/ownership/code: the code from the letter proves the homeowner owns the home (the one named, or the only one
// with a letter)
export const POST = route(
  {
    roles: ["homeowner"],
    body: CodeBody,
    summary: "Prove ownership with the mailed code (5 tries)",
    responses: { 200: Verified },
    errors: [409],
  },
  async ({ user, body }) => {
    await confirmCode(user, body.code, body.address);
    return Response.json({ verified: true });
  },
);
