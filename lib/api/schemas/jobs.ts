import { z } from "zod";
import { DbId } from "@/lib/db/id";

/**
 * What the running of the app accepts: jobs and their budget, the outbox, mail's unsubscribe links, the health check.
 */

export const OutboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  kind: z.enum(["email", "letter"], { error: "kind must be email or letter" }).optional(),
});

/**
 * The months an admin may run the digests for: this one and the previous (UTC). An older month would mail every
 * homeowner figures that are no longer theirs; a later one, figures that do not exist yet.
 */
export function digestMonths(now = new Date()): [string, string] {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return [now.toISOString().slice(0, 7), previous.toISOString().slice(0, 7)];
}

export const JobRunBody = z.object({
  name: z.enum(["housekeeping", "homeowner-digests", "client-refreshes", "officer-summaries", "lead-summaries"], {
    error: "name must be housekeeping, homeowner-digests, client-refreshes, officer-summaries or lead-summaries",
  }),
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "period must be a month as YYYY-MM")
    .refine((period) => digestMonths().includes(period), {
      error: () => `period must be this month or the previous one (${digestMonths().join(" or ")})`,
    })
    .optional()
    .describe("The month the run is for (digests): this month or the previous one (UTC); this month when not given"),
  day: z.iso
    .date("day must be a date as YYYY-MM-DD")
    .optional()
    .describe("The day the run is for (officer and lead summaries); today when not given"),
});

export const UnsubscribeQuery = z.object({
  u: DbId,
  k: z.enum(["monthly_digest", "daily_summary"], { error: "k must be monthly_digest or daily_summary" }),
  t: z.string().min(1, "t is required").max(100),
});

export const RefreshBudgetBody = z.object({
  monthlyBudget: z
    .number({ error: "monthlyBudget must be a number" })
    .int("monthlyBudget must be a whole number")
    .min(0)
    .max(1_000_000),
});

export const JobRetryBody = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  id: z.uuid({ error: "id must be a job id" }),
});

export const HealthQuery = z.object({
  deep: z.string().optional().describe("Present (any value): check the database, the cache and the service too"),
});
