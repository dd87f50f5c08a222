import "server-only";
import { leadContext } from "@/lib/services/leads/leads";
import { companyName } from "@/lib/services/portfolio/organization";

/** Who the monthly digest comes from, as the account's pages say it: their loan officer, else the lender by name. */
export interface DigestSender {
  who: "officer" | "lender" | "unnamed";
  name: string;
}

/**
 * The homeowner's loan officer (the one their questions go to, lib/services/portfolio/officer-assignment.ts) when they
 * have one, else the organization by its company name, else the lender unnamed. Words only: when it cannot be read,
 * the lender unnamed.
 */
export async function digestSender(userId: number): Promise<DigestSender> {
  const [lead, company] = await Promise.all([leadContext(userId).catch(() => null), companyName().catch(() => null)]);
  if (lead) return { who: "officer", name: lead.officerName };
  return company ? { who: "lender", name: company } : { who: "unnamed", name: "" };
}
