import "server-only";
import { getDatabase } from "@/lib/db";
import { LOCKS, underLock } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { onShutdown } from "@/lib/shutdown";
import { audit } from "@/lib/services/audit/log";
import { digestRecipients, monthOf, sendMonthlyDigest } from "@/lib/services/portfolio/digests";
import { sweepAuditEvents } from "@/lib/services/audit/retention";
import { writeAuditCheckpoint } from "@/lib/services/audit/checkpoint";
import { sweepExpiredRows } from "@/lib/services/platform/housekeeping";
import { meterSettled } from "@/lib/services/platform/meter";
import { budgetState, dueClients, refreshScheduled } from "@/lib/services/portfolio/monitoring";
import { checkEngagement, sendOfficerSummary, summaryRecipients } from "@/lib/services/portfolio/officer-summary";
import { disposeIdleAccounts } from "@/lib/services/audit/privacy";
import { leadSummaryRecipients, sendLeadNotice, sendLeadSummary } from "@/lib/services/leads/mail";
import { HELD_NOTICE_JOB, sendHeldNotice } from "@/lib/services/leads/held-leads";
import { sweepRecentApplicants } from "@/lib/services/lookups/recent-applicants";
import { attemptDelivery } from "@/lib/services/partners/webhook-delivery";
import { DELIVERY_JOB, type DeliveryJob } from "@/lib/webhooks/queue";
import { JobEngine, type JobSpec } from "./engine";

export type { FailedJob } from "./engine";

/** The month a run is for: the one it names (an admin's run for a given month), else the current one. */
const periodOf = (data: { period?: string }) => data.period ?? monthOf(new Date());

/** Every kind of job the app runs. */
const JOBS: JobSpec<object>[] = [
  {
    name: "housekeeping",
    cron: "17 3 * * *",
    retryLimit: 3,
    run: async () => {
      log.info({ deleted: await sweepExpiredRows() }, "housekeeping: expired rows deleted");
      // Disposal of what is kept past its time: unused homeowner accounts (after a warning), officers' applicants
      // nobody looked up again, and old activity.
      log.info(
        {
          accounts: await disposeIdleAccounts(),
          recentApplicants: await sweepRecentApplicants(),
          auditEvents: await sweepAuditEvents(),
        },
        "housekeeping: disposal done",
      );
    },
  },
  {
    // Hourly: where the activity log stands, signed and kept outside the database (see
    // lib/services/audit/checkpoint.ts).
    name: "audit-checkpoint",
    cron: "7 * * * *",
    retryLimit: 3,
    run: async () => {
      const checkpoint = await writeAuditCheckpoint();
      log.info({ lastId: checkpoint?.lastId ?? null, count: checkpoint?.count ?? 0 }, "audit: checkpoint written");
    },
  },
  {
    // On the first of the month, one digest job per homeowner who gets it: each is retried on its own.
    name: "homeowner-digests",
    cron: "0 15 1 * *",
    run: async (data: { period?: string }) => {
      const period = periodOf(data);
      const engine = await jobs();
      const recipients = await digestRecipients();
      for (const userId of recipients)
        await engine.send("homeowner-digest", { userId, period }, { key: `${userId}:${period}` });
      log.info({ period, recipients: recipients.length }, "digests: queued");
    },
  } as JobSpec<{ period?: string }> as JobSpec<object>,
  {
    name: "homeowner-digest",
    policy: "stately",
    concurrency: 2,
    retryDelaySeconds: 60,
    run: async ({ userId, period }: { userId: number; period: string }) => {
      log.info({ userId, period, outcome: await sendMonthlyDigest(userId, period) }, "digest");
    },
  } as JobSpec<{ userId: number; period: string }> as JobSpec<object>,
  {
    // Daily: the clients whose day of the month has come, as many as the month's budget has room for, one job each.
    name: "client-refreshes",
    cron: "0 6 * * *",
    // An admin's "run now" catches up: every client not yet refreshed this month, whatever their day.
    run: async (data: { all?: boolean }) => {
      const now = new Date();
      const state = await budgetState(now);
      const due = await dueClients(now, state.budget - state.spent, data.all === true);
      const engine = await jobs();
      for (const clientId of due)
        await engine.send("client-refresh", { clientId, period: state.period }, { key: `${clientId}:${state.period}` });
      log.info({ ...state, queued: due.length }, "client refreshes: queued");
    },
  } as JobSpec<{ all?: boolean }> as JobSpec<object>,
  {
    name: "client-refresh",
    policy: "stately",
    concurrency: 4,
    // A refresh whose process died fails once its last heartbeat is 30 s old (JOB_HEARTBEAT_SECONDS; a supervisor
    // looks every 10 s) and runs again 10–20 s later: about a minute at most. A slow one keeps beating; five minutes
    // is the bound on one that hangs.
    heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
    expireInSeconds: 300,
    // Eight retries, the first after 10–20 s and each wait about twice the last: a failing upstream is tried for 40–85
    // minutes, no less than five retries from a minute (30–60) gave it.
    retryDelaySeconds: 10,
    retryLimit: 8,
    run: async ({ clientId, period }: { clientId: number; period: string }) => {
      log.info({ clientId, period, outcome: await refreshScheduled(clientId, period) }, "client refresh");
    },
  } as JobSpec<{ clientId: number; period: string }> as JobSpec<object>,
  {
    // Daily: engaged homeowners first (no upstream call), then one summary job per officer who gets it.
    name: "officer-summaries",
    cron: "0 13 * * *",
    run: async (data: { day?: string }) => {
      const day = data.day ?? new Date().toISOString().slice(0, 10);
      const engaged = await checkEngagement();
      const engine = await jobs();
      const recipients = await summaryRecipients();
      for (const userId of recipients)
        await engine.send("officer-summary", { userId, day }, { key: `${userId}:${day}` });
      log.info({ day, engaged, recipients: recipients.length }, "officer summaries: queued");
    },
  } as JobSpec<{ day?: string }> as JobSpec<object>,
  {
    name: "officer-summary",
    policy: "stately",
    retryDelaySeconds: 60,
    run: async ({ userId, day }: { userId: number; day: string }) => {
      log.info({ userId, day, outcome: await sendOfficerSummary(userId, day) }, "officer summary");
    },
  } as JobSpec<{ userId: number; day: string }> as JobSpec<object>,
  {
    // One attempt at one webhook delivery. Its retries follow the webhooks' own schedule (the attempt queues the
    // next), so pg-boss's retries are only for an attempt cut off (a process that died, the database away).
    name: DELIVERY_JOB,
    batchSize: 25,
    concurrency: 4,
    pollingSeconds: 0.5,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    run: async (job: DeliveryJob) => {
      const outcome = await attemptDelivery(job);
      if (outcome !== "delivered")
        log.info({ deliveryId: job.deliveryId, attempt: job.attempt + 1, outcome }, "webhook delivery");
    },
  } as JobSpec<DeliveryJob> as JobSpec<object>,
  {
    // A new lead's email to its officer, within a minute of it (lib/services/leads/events.ts sends one per lead).
    name: "lead-notice",
    retryDelaySeconds: 10,
    retryLimit: 5,
    run: async ({ leadId }: { leadId: number }) => {
      log.info({ leadId, outcome: await sendLeadNotice(leadId) }, "lead notice");
    },
  } as JobSpec<{ leadId: number }> as JobSpec<object>,
  {
    // The admins' mail about a site's widget leads held past its daily cap (once a day per site).
    name: HELD_NOTICE_JOB,
    retryDelaySeconds: 30,
    retryLimit: 5,
    run: async ({ siteId, day }: { siteId: number; day: string }) => {
      log.info({ siteId, day, outcome: await sendHeldNotice(siteId, day) }, "held leads notice");
    },
  } as JobSpec<{ siteId: number; day: string }> as JobSpec<object>,
  {
    // Daily: each officer's leads summary (new leads of those who chose it, and leads open more than a business day).
    name: "lead-summaries",
    cron: "0 14 * * *",
    run: async (data: { day?: string }) => {
      const day = data.day ?? new Date().toISOString().slice(0, 10);
      const engine = await jobs();
      const recipients = await leadSummaryRecipients();
      for (const userId of recipients) await engine.send("lead-summary", { userId, day }, { key: `${userId}:${day}` });
      log.info({ day, recipients: recipients.length }, "lead summaries: queued");
    },
  } as JobSpec<{ day?: string }> as JobSpec<object>,
  {
    name: "lead-summary",
    policy: "stately",
    retryDelaySeconds: 60,
    run: async ({ userId, day }: { userId: number; day: string }) => {
      log.info({ userId, day, outcome: await sendLeadSummary(userId, day) }, "lead summary");
    },
  } as JobSpec<{ userId: number; day: string }> as JobSpec<object>,
];

/** The jobs an admin may start by hand (`/admin/jobs`), with what each does. */
export const RUNNABLE_JOBS = {
  housekeeping: "Delete expired sessions, links and counters, unused accounts (after a warning) and old activity",
  "homeowner-digests": "Send this month's digest to every homeowner who gets it",
  "client-refreshes": "Refresh every client not yet refreshed this month, within the month's budget",
  "officer-summaries":
    "Check invited homeowners' engagement and send today's summary to every officer with something new",
  "lead-summaries": "Send today's leads summary to every officer with new or waiting leads",
} as const;

/** What a run started by hand carries: the month it is for (digests); refreshes catch up on every client. */
export function runData(run: { name: keyof typeof RUNNABLE_JOBS; period?: string; day?: string }): object {
  if (run.name === "client-refreshes") return { all: true };
  if (run.name === "officer-summaries" || run.name === "lead-summaries") return run.day ? { day: run.day } : {};
  return run.period ? { period: run.period } : {};
}

const globalForJobs = globalThis as unknown as { jobEngine?: Promise<JobEngine> };

/**
 * This process's job engine, started on first use: the schema and queues, and the workers and schedules unless
 * JOB_WORKERS is off (a process that only serves pages and sends jobs). Held on globalThis: Next.js bundles modules
 * once per route.
 */
export function jobs(): Promise<JobEngine> {
  globalForJobs.jobEngine ??= (async () => {
    const database = await getDatabase();
    const engine = new JobEngine(database, {
      workers: env.JOB_WORKERS,
      migrate: env.MIGRATE_ON_START,
      superviseSeconds: env.JOB_SUPERVISE_SECONDS,
    });
    // A job is done once the upstream calls it made are metered: a process stopped after it keeps them.
    for (const spec of JOBS) {
      engine.define({
        ...spec,
        run: async (data, job) => {
          await spec.run(data, job);
          await meterSettled();
        },
      });
    }
    // Processes starting together on one PostgreSQL take turns: pg-boss creating the same queues at once can deadlock.
    await (database.url ? underLock(database.url, LOCKS.jobEngine, () => engine.start()) : engine.start());
    // A stopping server takes no new jobs; one cut off mid-run expires and runs again elsewhere (jobs are idempotent).
    onShutdown(() => engine.stop());
    return engine;
  })().catch((error) => {
    globalForJobs.jobEngine = undefined;
    throw error;
  });
  return globalForJobs.jobEngine;
}

/** This process's job engine if it has started (or is starting); undefined otherwise, and nothing is started. */
export function startedJobs(): Promise<JobEngine> | undefined {
  return globalForJobs.jobEngine;
}

/** An admin's "Run now": the job is queued at once, and the activity log says who started it. */
export async function runJobByHand(run: Parameters<typeof runData>[0]): Promise<string | null> {
  const id = await (await jobs()).send(run.name, runData(run));
  void audit({ action: "job.run", detail: { name: run.name, id, period: run.period ?? null, day: run.day ?? null } });
  return id;
}

/** An admin's "Run again" of a failed job; false when no failed job has that name and id. */
export async function retryJobByHand(name: string, id: string): Promise<boolean> {
  const engine = await jobs();
  if (!(await engine.failed(500)).some((job) => job.id === id && job.name === name)) return false;
  await engine.retry(name, id);
  void audit({ action: "job.run", detail: { name, id, retry: true } });
  return true;
}
