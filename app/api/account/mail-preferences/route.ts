import { MailPreferences } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { MailPreferencesBody } from "@/lib/api/schemas/account";
import { mailPreferencesOf, setMailPreferences } from "@/lib/services/portfolio/digests";

export const GET = route(
  {
    roles: ["homeowner", "loan_officer", "admin"],
    summary: "The recurring mail this account gets",
    responses: { 200: MailPreferences },
  },
  async ({ user }) => Response.json(await mailPreferencesOf(user.id)),
);

export const PUT = route(
  {
    roles: ["homeowner", "loan_officer", "admin"],
    body: MailPreferencesBody,
    summary: "Choose the recurring mail this account gets",
    responses: { 200: MailPreferences },
  },
  async ({ user, body }) => Response.json(await setMailPreferences(user.id, body)),
);
