import "server-only";

/** The job that makes one attempt at one delivery (lib/jobs runs it with lib/services/partners/webhook-delivery.ts). */
export const DELIVERY_JOB = "webhook-delivery";

/** What a delivery job carries: which delivery, and how many attempts it had when the job was queued. */
export interface DeliveryJob {
  deliveryId: string;
  attempt: number;
}

/**
 * Queues attempts, one job each, in one statement. lib/jobs is imported when first needed: its jobs run the services
 * (refreshes, summaries) that emit events, so a static import here would tie the two in a circle.
 */
export async function queueAttempts(attempts: (DeliveryJob & { startAfter?: Date })[]): Promise<void> {
  if (attempts.length === 0) return;
  const { jobs } = await import("@/lib/jobs");
  const engine = await jobs();
  await engine.sendMany(
    DELIVERY_JOB,
    attempts.map(({ startAfter, ...data }) => ({ data, startAfter })),
  );
}
