import { LeadMail, LeadMailBody } from "@/lib/api/schemas/leads";
import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { leadMail, setLeadMail } from "@/lib/services/leads/leads";

export const GET = route(
  {
    roles: STAFF,
    summary: "How you hear of new leads: an email each, or one summary a day",
    responses: { 200: LeadMail },
  },
  async ({ user }) => Response.json({ leadMail: await leadMail(user.id) }),
);

export const PUT = route(
  { roles: STAFF, body: LeadMailBody, summary: "Choose how you hear of new leads", responses: { 200: LeadMail } },
  async ({ caller, body }) => Response.json({ leadMail: await setLeadMail(caller, body.leadMail) }),
);
