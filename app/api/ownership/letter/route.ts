import { VerificationState } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { LetterQuery } from "@/lib/api/schemas/property";
import { requestLetter } from "@/lib/services/homes/ownership";

export const POST = route(
  {
    roles: ["homeowner"],
    query: LetterQuery,
    summary: "Mail a 6-digit code to a claimed home (one a week per home, three a month per account)",
    responses: { 201: VerificationState },
    errors: [409, 429],
  },
  async ({ user, query }) => Response.json(await requestLetter(user, query.address), { status: 201 }),
);
