import { route } from "@/lib/api/route";
import { requestLetter } from "@/lib/services/ownership";

// POST /api/ownership/letter: mail a 6-digit code to the claimed home's address
export const POST = route({ roles: ["homeowner"] }, async ({ user }) => Response.json(await requestLetter(user), { status: 201 }));
