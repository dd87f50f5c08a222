import { LOCKS } from "@/lib/db/client";

/**
 * The move from pg-boss 10 to 12. pg-boss 11 rewrote its schema and has no migration from 10's (schema version 24):
 * started on a 10.x database it stops with "Version 24 not found". So the old schema is set aside under another name,
 * pg-boss 12 installs its own, and what the old one held that still matters comes across in one transaction:
 * waiting and retrying jobs (a job cut off mid-run waits again), failed jobs (admins read and retry them for a month)
 * and schedules; then the old schema is dropped. Finished jobs are history nobody reads: they are not copied.
 *
 * Each step is one statement (a DO block: its own transaction, under an advisory lock), so two processes starting at
 * once on one PostgreSQL take turns, and a process stopped between the steps finishes the move at its next start.
 */

const UPGRADE_LOCK = LOCKS.jobsUpgrade;

/** Before pg-boss 12 starts: a schema of pg-boss 10 (version below 25) moves aside to `<schema>_v10`. */
export function setAsideV10(schema: string): string {
  // Nested: PL/pgSQL plans a whole condition at once, and the version table may not exist.
  return `DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(${UPGRADE_LOCK});
  IF to_regclass('${schema}.version') IS NOT NULL AND to_regnamespace('${schema}_v10') IS NULL THEN
    IF (SELECT max(version) FROM ${schema}.version) < 25 THEN
      ALTER SCHEMA ${schema} RENAME TO ${schema}_v10;
    END IF;
  END IF;
END $$`;
}

/**
 * Once pg-boss 12 has made the app's queues: the old schema's jobs of those queues and its schedules come across,
 * and the old schema is dropped. Jobs keep their ids, data, attempts and (retries) their time to run again; one that
 * was running when its process stopped runs again at once. Jobs of a queue the app no longer has go with the old
 * schema.
 */
export function moveFromV10(schema: string): string {
  const old = `${schema}_v10`;
  const columns = `id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, singleton_key, start_after,
      created_on, completed_on, keep_until, output, expire_in`;
  return `DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(${UPGRADE_LOCK});
  IF to_regnamespace('${old}') IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO ${schema}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
      singleton_key, start_after, created_on, completed_on, keep_until, output, policy, expire_seconds, deletion_seconds)
    SELECT old.id, old.name, old.priority, old.data,
      (CASE WHEN old.state::text = 'active' THEN 'retry' ELSE old.state::text END)::${schema}.job_state,
      old.retry_limit, old.retry_count, old.retry_delay, old.retry_backoff, old.singleton_key,
      CASE WHEN old.state::text = 'active' THEN now() ELSE old.start_after END,
      old.created_on, old.completed_on, greatest(old.keep_until, now() + interval '1 day'), old.output,
      queue.policy, greatest(1, extract(epoch FROM old.expire_in)::int), queue.deletion_seconds
    FROM (
      SELECT ${columns} FROM ${old}.job WHERE state::text IN ('created', 'retry', 'active', 'failed')
      UNION ALL
      SELECT ${columns} FROM ${old}.archive WHERE state::text = 'failed'
    ) AS old
    JOIN ${schema}.queue AS queue ON queue.name = old.name
    ON CONFLICT DO NOTHING;
  INSERT INTO ${schema}.schedule (name, cron, timezone, data, options)
    SELECT old.name, old.cron, coalesce(old.timezone, 'UTC'), old.data, old.options
    FROM ${old}.schedule AS old
    JOIN ${schema}.queue AS queue ON queue.name = old.name
    ON CONFLICT DO NOTHING;
  DROP SCHEMA ${old} CASCADE;
END $$`;
}
