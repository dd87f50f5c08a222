import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { clients, users } from "@/lib/db/schema";
import type { LeadDto } from "./dto";

/**
 * What the lead's page says around a lead: the homeowner's language (the one their consent was given in, else their
 * account's) and their entry among the lead's officer's clients (the homeowner it is linked to, else the same email),
 * for a link to the client's page. The lead is one the user may read already (readLead).
 */
export async function leadSurroundings(
  user: SessionUser,
  lead: Pick<LeadDto, "homeownerId" | "email" | "officerId" | "consent">,
): Promise<{ language: "en" | "es" | null; clientId: number | null }> {
  const { db } = await getDatabase();
  const officerId = user.role === "admin" ? lead.officerId : user.id;
  const [account, client] = await Promise.all([
    lead.homeownerId
      ? db.select({ locale: users.locale }).from(users).where(eq(users.id, lead.homeownerId))
      : Promise.resolve([]),
    officerId && (lead.homeownerId || lead.email)
      ? db
          .select({ id: clients.id })
          .from(clients)
          .where(
            and(
              eq(clients.officerId, officerId),
              or(
                lead.homeownerId ? eq(clients.homeownerId, lead.homeownerId) : undefined,
                lead.email ? sql`lower(${clients.email}) = lower(${lead.email})` : undefined,
              ),
            ),
          )
          // The linked entry first, then the most recently changed.
          .orderBy(sql`${clients.homeownerId} is null`, desc(clients.updatedAt))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const locale = lead.consent?.locale ?? account[0]?.locale ?? null;
  return { language: locale === "en" || locale === "es" ? locale : null, clientId: client[0]?.id ?? null };
}
