import "server-only";
import { after } from "next/server";
import { auditSettled } from "@/lib/services/audit/log";
import { meterSettled } from "@/lib/services/platform/meter";
import { snapshotsSettled } from "@/lib/services/homes/snapshots";

const settled = async () => {
  await Promise.all([meterSettled(), snapshotsSettled(), auditSettled()]);
};

/**
 * Hands Next.js's `after()` the writes a request starts without waiting for them (the meter rows of free answers, the
 * estimates kept for a home's history, the activity log's rows): a stopping server waits for what `after` holds, so
 * SIGTERM loses none. One `after()` for both: each one binds an async context, which is a measurable part of a cached
 * answer's work.
 */
export function holdPendingWrites(): void {
  after(settled);
}
