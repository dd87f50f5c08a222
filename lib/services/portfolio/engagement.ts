import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { homeownerEvents } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { Engagement } from "@/lib/portfolio/opportunities";
import { emitEvent } from "@/lib/webhooks/events";
import { assignedOfficer } from "./officer-assignment";

export type EngagementKind = (typeof homeownerEvents.$inferInsert)["kind"];

/** Repeats within this window are one event: a reload is not a second visit. */
const SAME_EVENT_MINUTES = 30;

/**
 * Records what a homeowner did, at most once per kind in half an hour, and tells the lender's CRM (`homeowner.engaged`,
 * with the homeowner's officer). Never fails the request it rides on.
 */
export async function recordEngagement(userId: number, kind: EngagementKind): Promise<void> {
  try {
    const { db } = await getDatabase();
    const [recent] = await db
      .select({ at: homeownerEvents.at })
      .from(homeownerEvents)
      .where(
        and(
          eq(homeownerEvents.userId, userId),
          eq(homeownerEvents.kind, kind),
          gt(homeownerEvents.at, sql`now() - make_interval(mins => ${SAME_EVENT_MINUTES})`),
        ),
      )
      .limit(1);
    if (recent) return;
    const [row] = await db.insert(homeownerEvents).values({ userId, kind }).returning({ at: homeownerEvents.at });
    const officer = await assignedOfficer(userId);
    await emitEvent("homeowner.engaged", {
      homeownerId: userId,
      officerId: officer?.officerId ?? null,
      activity: kind,
      at: (row?.at ?? new Date()).toISOString(),
    });
  } catch (error) {
    log.warn({ err: error, userId, kind }, "engagement: could not record");
  }
}

/** What a homeowner did in the last `days` days. */
export async function engagementOf(userId: number, days = 7): Promise<Engagement> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      visitDays:
        sql<number>`count(distinct date_trunc('day', ${homeownerEvents.at})) filter (where ${homeownerEvents.kind} = 'dashboard_visit')`.mapWith(
          Number,
        ),
      reportDownloads: sql<number>`count(*) filter (where ${homeownerEvents.kind} = 'report_download')`.mapWith(Number),
      borrowingUses: sql<number>`count(*) filter (where ${homeownerEvents.kind} = 'borrowing_used')`.mapWith(Number),
    })
    .from(homeownerEvents)
    .where(
      and(eq(homeownerEvents.userId, userId), gt(homeownerEvents.at, sql`now() - make_interval(days => ${days})`)),
    );
  return row ?? { visitDays: 0, reportDownloads: 0, borrowingUses: 0 };
}
