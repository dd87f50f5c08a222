import { VerificationState } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { requestLetter } from "@/lib/services/ownership";

// POST /api/ownership/letter: mail a 6-digit code to the claimed home's address
export const POST = route(
  {
    roles: ["homeowner"],
    summary: "Mail a 6-digit code to the claimed home (one a week, three a month)",
    responses: { 201: VerificationState },
    errors: [409, 429],
  },
  async ({ user }) => Response.json(await requestLetter(user), { status: 201 }),
);
