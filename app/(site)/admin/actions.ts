"use server";

import { revalidatePath } from "next/cache";
import { action } from "@/lib/api/action";
import { OffersForm, OpportunityRulesForm, SettingsForm, SiteForm, StaffForm } from "@/lib/api/schemas/admin";
import { addStaffMember } from "@/lib/services/identity/accounts";
import { setOffers, setOrgSettings } from "@/lib/services/platform/settings";
import { createSite } from "@/lib/services/partners/sites";
import { AssignOfficerForm, SiteOfficerForm } from "@/lib/services/portfolio/officer-fields";
import { reassignOfficerByEmail, setSiteOfficer } from "@/lib/services/portfolio/officer-assignment";

// The admin page's forms. The same operations stay documented under /api/admin/* for API clients.

export const addStaff = action(
  { roles: ["admin"], input: StaffForm },
  async ({ user, input: { invite, password, ...account } }) => {
    const created = await addStaffMember(user, invite ? { ...account, invite } : { ...account, password: password! });
    revalidatePath("/admin");
    return { email: created.email, invited: invite };
  },
);

export const saveMaxLtv = action({ roles: ["admin"], input: SettingsForm }, async ({ input }) => {
  await setOrgSettings(input);
  // Equity everywhere is computed at this ratio: every page shows it anew.
  revalidatePath("/", "layout");
  return input;
});

export const saveOpportunityRules = action({ roles: ["admin"], input: OpportunityRulesForm }, async ({ input }) => {
  await setOrgSettings(input);
  // Only the next refresh finds opportunities by them: nothing shown changes now.
  return input;
});

export const saveOffers = action({ roles: ["admin"], input: OffersForm }, async ({ input }) => {
  await setOffers(input);
  // Every owner's borrowing scenarios use them.
  revalidatePath("/", "layout");
  return input;
});

export const registerSite = action({ roles: ["admin"], input: SiteForm, stepUp: "site.create" }, async ({ input }) => {
  const { siteKey, siteSecret } = await createSite(input);
  revalidatePath("/admin");
  return { siteKey, siteSecret };
});

// Where leads go: as on their routes, a recent second factor.
export const assignOfficer = action(
  { roles: ["admin"], input: AssignOfficerForm, stepUp: "officer.assign" },
  async ({ user, input }) => {
    const assignment = await reassignOfficerByEmail(user, input.email, input.officerId);
    return { email: input.email, source: assignment?.source ?? null };
  },
);

export const assignSiteOfficer = action(
  { roles: ["admin"], input: SiteOfficerForm, stepUp: "site.officer" },
  async ({ user, input }) => {
    await setSiteOfficer(user, input.siteId, input.officerId);
    return input;
  },
);
