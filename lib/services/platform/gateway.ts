import "server-only";
import { isBrokenCircuitError } from "cockatiel";
import type { SessionUser } from "@/lib/auth/roles";
import { getCache } from "@/lib/cache";
import { Refused, safely, singleFlight, type Landed } from "@/lib/cache/single-flight";
import { env } from "@/lib/env";
import { countUpstream, outcomeName } from "@/lib/observability/metrics";
import { inSpan, type Span } from "@/lib/observability/trace";
import type { Operation } from "@/lib/property-api";
import { spend } from "@/lib/rate-limit";
import { clientIpOf } from "@/lib/security/client-address";
import { fromUpstream } from "@/lib/services/errors";
import { meter, type Outcome } from "./meter";
import { resilient } from "./resilience";

export interface Caller {
  user?: SessionUser;
  /** The client's address, for the per-IP rate limit. */
  ip: string;
  /** The widget site the request came through; its budget is checked before any call that costs money. */
  site?: { id: number; assertBudget: () => Promise<void> };
  /** The partner site whose member this is, inside its frame (the activity log names the site for their reads). */
  partnerSiteId?: number;
  /** The homeowner's own properties' keys, when this request has already read them: spares the access check a read. */
  ownedKeys?: Set<string>;
}

/**
 * The visitor's address, for every per-IP limit and log line: the socket's peer, or with TRUSTED_PROXY_HOPS the address
 * our outermost proxy saw; never an address the client chose (see lib/security/client-address.ts).
 */
export function visitorIp(headers: Headers): string {
  return clientIpOf(headers, env.TRUSTED_PROXY_HOPS);
}

export interface Call<T> {
  operation: Operation;
  /** What makes two calls the same: the standardized address and whatever else the answer depends on. */
  key: string;
  /** A readable label for the meter (the standardized address). */
  label?: string;
  ttlSeconds: number;
  /** Billable requests one upstream call spends (a normalization batch: one per address). */
  billable?: number;
  /** Safe to retry: the call changes nothing upstream. */
  idempotent?: boolean;
  fetch: () => Promise<T>;
}

export interface Answer<T> {
  value: T;
  /** Served from the cache after the service failed. */
  stale: boolean;
  /** When the answer was fetched from the service. */
  fetchedAt: number;
}

// Shared by every route bundle of the process (Next.js may load this module once per route).
const globalForFlights = globalThis as unknown as { upstreamInFlight?: Map<string, Promise<Landed<unknown>>> };
const join = singleFlight(getCache, (globalForFlights.upstreamInFlight ??= new Map()));

const LOCAL_ANSWER_MS = 5_000;

/**
 * Answers from the cache when it can; otherwise makes one upstream call however many ask at once (in this process,
 * and across instances through the cache's lock), caches it, and meters every request. Only the request whose flight
 * calls the service spends the caller's allowance (and a widget site's budget); those who wait for it spend nothing.
 * When the service fails and an older answer is cached, serves that one marked stale.
 */
export function cachedCall<T>(caller: Caller, call: Call<T>): Promise<Answer<T>> {
  return inSpan(`upstream ${call.operation}`, { attributes: { "upstream.operation": call.operation } }, (span) =>
    cachedCallIn(span, caller, call),
  );
}

async function cachedCallIn<T>(span: Span, caller: Caller, call: Call<T>): Promise<Answer<T>> {
  const cache = getCache();
  const cacheKey = `${call.operation}:${call.key}`;
  const record = (outcome: Outcome, billable = 0) => {
    span.setAttributes({
      "upstream.cache_outcome": outcomeName(outcome),
      "upstream.billable": billable > 0,
      "upstream.billable_requests": billable,
    });
    countUpstream(call.operation, outcome, billable);
    return meter({
      userId: caller.user?.id,
      siteId: caller.site?.id,
      operation: call.operation,
      key: call.key,
      label: call.label,
      outcome,
      billable,
    });
  };

  // The service's answer does not change while it is fresh: this instance's copy of the last few seconds will do.
  const cached = await safely(() => cache.get<T>(cacheKey, { localMs: LOCAL_ANSWER_MS }), undefined);
  if (cached && cached.freshUntil > Date.now()) {
    // Free answers are metered after the answer (see meterSettled); what costs money is written before it.
    void record("hit");
    return { value: cached.value, stale: false, fetchedAt: cached.storedAt };
  }

  // Set when this request leads a flight that goes on to call the service: it alone spends and pays.
  let admitted = false;
  try {
    const landed = await join({
      key: cacheKey,
      ttlSeconds: call.ttlSeconds,
      admit: async () => {
        admitted = true;
        await caller.site?.assertBudget();
        await spend(caller.user?.id, caller.ip, !!caller.site).catch((error: unknown) =>
          Promise.reject(fromUpstream(error)),
        );
      },
      fetch: () => resilient(call.idempotent ?? true, call.fetch),
    });
    const paid = admitted && landed.called;
    if (paid) await record("miss", call.billable ?? 1);
    else void record("coalesced");
    return { value: landed.value, stale: false, fetchedAt: landed.fetchedAt };
  } catch (error) {
    // Refused before reaching the service: nothing to meter.
    if (Refused.is(error)) throw error.reason;
    const appError = fromUpstream(error);
    if (cached && appError.status >= 500) {
      await record("stale");
      return { value: cached.value, stale: true, fetchedAt: cached.storedAt };
    }
    // The failed call is billed to the request that made it, not to those who waited for it.
    await record("error", admitted && !isBrokenCircuitError(error) ? (call.billable ?? 1) : 0);
    throw appError;
  }
}

export interface BatchItem<I> {
  key: string;
  label?: string;
  input: I;
}

/**
 * A batch operation (normalization): each item is cached on its own key; the items the cache lacks go upstream in one
 * call, spending one billable request each. Repeated items in a batch are asked for once.
 */
export function cachedBatch<I, T>(caller: Caller, call: BatchCall<I, T>): Promise<Answer<T>[]> {
  const attributes = { "upstream.operation": call.operation, "upstream.items": call.items.length };
  return inSpan(`upstream ${call.operation}`, { attributes }, async (span) => {
    // The span's outcome is the batch's worst: failed, stale, miss (some went upstream), hit (all cached).
    const seen = new Set<Outcome>();
    let billed = 0;
    try {
      return await cachedBatchIn(caller, call, (outcome, billable) => {
        seen.add(outcome);
        billed += billable;
      });
    } finally {
      const outcome = (["error", "stale", "miss", "hit"] as const).find((o) => seen.has(o));
      if (outcome)
        span.setAttributes({
          "upstream.cache_outcome": outcomeName(outcome),
          "upstream.billable": billed > 0,
          "upstream.billable_requests": billed,
        });
    }
  });
}

interface BatchCall<I, T> {
  operation: Operation;
  items: BatchItem<I>[];
  ttlSeconds: number;
  fetch: (inputs: I[]) => Promise<T[]>;
  /**
   * The meter's label from the answer, when the answer says the address better than the request did: a line typed
   * without its ZIP code and the same line with it are one address, and "Your recent lookups" lists it once.
   */
  labelOf?: (value: T) => string | undefined;
}

async function cachedBatchIn<I, T>(
  caller: Caller,
  call: BatchCall<I, T>,
  noted: (outcome: Outcome, billable: number) => void,
): Promise<Answer<T>[]> {
  const cache = getCache();
  const cacheKey = (key: string) => `${call.operation}:${key}`;
  const answers = new Map<string, Answer<T>>();
  const record = (item: BatchItem<I>, outcome: Outcome, billable = 0) => {
    noted(outcome, billable);
    countUpstream(call.operation, outcome, billable);
    const answer = answers.get(item.key);
    const label = (answer && call.labelOf?.(answer.value)) ?? item.label;
    return meter({
      userId: caller.user?.id,
      siteId: caller.site?.id,
      operation: call.operation,
      key: item.key,
      label,
      outcome,
      billable,
    });
  };

  const cached = await Promise.all(call.items.map((item) => safely(() => cache.get<T>(cacheKey(item.key)), undefined)));
  const missing = new Map<string, BatchItem<I>>();
  call.items.forEach((item, i) => {
    const entry = cached[i];
    if (entry && entry.freshUntil > Date.now())
      answers.set(item.key, { value: entry.value, stale: false, fetchedAt: entry.storedAt });
    else missing.set(item.key, item);
  });
  // Hits are free: metered after the answer, as in cachedCall. Awaiting them held every batch of an import for the
  // meter's PGlite gathering window (100 ms), which was most of a re-import's time.
  for (const item of call.items) if (answers.has(item.key) && !missing.has(item.key)) void record(item, "hit");

  if (missing.size) {
    await caller.site?.assertBudget();
    await spend(caller.user?.id, caller.ip, !!caller.site).catch((error: unknown) =>
      Promise.reject(fromUpstream(error)),
    );
    const items = [...missing.values()];
    try {
      const values = await resilient(true, () => call.fetch(items.map((item) => item.input)));
      await Promise.all(
        items.map(async (item, i) => {
          answers.set(item.key, { value: values[i]!, stale: false, fetchedAt: Date.now() });
          await safely(() => cache.set(cacheKey(item.key), values[i]!, call.ttlSeconds), undefined);
          await record(item, "miss", 1);
        }),
      );
    } catch (error) {
      const appError = fromUpstream(error);
      const staleAll = items.every((item) => cached[call.items.indexOf(item)]);
      if (appError.status < 500 || !staleAll) {
        await Promise.all(items.map((item) => record(item, "error", isBrokenCircuitError(error) ? 0 : 1)));
        throw appError;
      }
      for (const item of items) {
        const entry = cached[call.items.indexOf(item)]!;
        answers.set(item.key, { value: entry.value, stale: true, fetchedAt: entry.storedAt });
        await record(item, "stale");
      }
    }
  }
  return call.items.map((item) => answers.get(item.key)!);
}
