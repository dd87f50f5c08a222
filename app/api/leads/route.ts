import { LeadBody, LeadRefused, Leads, LeadSent, LeadsQuery } from "@/lib/api/schemas/leads";
import { route } from "@/lib/api/route";
import { STAFF } from "@/lib/auth/roles";
import { appOrigins } from "@/lib/env";
import { localeOfRequest } from "@/lib/i18n/server";
import { createLead, pageOf, readLeads } from "@/lib/services/leads/leads";

// POST /api/leads: a homeowner's question, call request or quote request to their loan officer, for a home they proved
// they own. A phone needs consent (its words, time, address and page are kept); one lead per kind and day.
export const POST = route(
  {
    roles: ["homeowner"],
    body: LeadBody,
    summary: "Ask your loan officer a question, request a call, or get a quote for a scenario (one of each a day)",
    responses: { 201: LeadSent, 409: LeadRefused },
    errors: [404, 429],
  },
  async ({ caller, body, request }) => {
    // The app's configured origins only: the request's own may be the server's bind address.
    const page = pageOf(request.headers.get("referer"), appOrigins);
    const { created, lead } = await createLead(caller, body, page, localeOfRequest(request, caller.user));
    if (created) return Response.json({ lead }, { status: 201 });
    const message = `You already sent this to ${lead.officerName ?? "your loan officer"} today.`;
    return Response.json({ error: { code: "already_sent", message }, lead }, { status: 409 });
  },
);

// GET /api/leads: a page of the officer's leads (admins: everyone's), newest first, by status; a row of the activity
// log
export const GET = route(
  {
    roles: STAFF,
    tokenScope: "leads:read",
    query: LeadsQuery,
    summary: "A page of your leads (admins: everyone's), newest first",
    responses: { 200: Leads },
  },
  async ({ caller, query }) => Response.json(await readLeads(caller, query)),
);
