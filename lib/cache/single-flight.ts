import "server-only";
import type { Cache, Entry } from "@/lib/cache";
import { log } from "@/lib/log";

/** What a flight brings back: the answer, and whether the flight called the service for it. */
export interface Landed<T> {
  value: T;
  fetchedAt: number;
  called: boolean;
}

export interface Flight<T> {
  /** The cache key: what makes two requests the same. */
  key: string;
  ttlSeconds: number;
  /** Run by the leader alone, right before the call: what reaching the service costs it (allowance, budget). */
  admit: () => Promise<void>;
  fetch: () => Promise<T>;
}

/** The leader's own refusal (its allowance or budget used up): the requests that joined its flight do not share it. */
export class Refused extends Error {
  override readonly name = "Refused";

  /** By shape: the flights are shared by every route bundle of the process, each with its own copy of this class. */
  static is(error: unknown): error is Refused {
    return error instanceof Error && error.name === "Refused" && "reason" in error;
  }

  constructor(readonly reason: unknown) {
    super("refused before reaching the service");
  }
}

/** A cache that fails is a miss (or a lock taken), never a failed request. */
export async function safely<T, F = T>(work: () => Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await work();
  } catch (error) {
    log.warn({ err: error }, "cache unavailable; answering without it");
    return fallback;
  }
}

async function fresh<T>(cache: Cache, key: string): Promise<Landed<T> | undefined> {
  const entry: Entry<T> | undefined = await safely(() => cache.get<T>(key), undefined);
  return entry && entry.freshUntil > Date.now()
    ? { value: entry.value, fetchedAt: entry.storedAt, called: false }
    : undefined;
}

/**
 * Single-flight over a shared cache: in the process, identical requests join one flight (`flights`); across
 * processes, the cache's lock lets one flight call while the others wait for its answer to land. The lock holder
 * looks at the cache again before calling (the previous holder may have just stored the answer), and only then
 * admits (spends for) its leader. A waiter whose holder let go without an answer takes the lock and calls itself.
 */
export function singleFlight(
  cache: () => Cache,
  flights: Map<string, Promise<Landed<unknown>>>,
  timing = { lockMs: 15_000, pollMs: 50 },
) {
  async function fly<T>(flight: Flight<T>): Promise<Landed<T>> {
    const store = cache();
    const lead = async (token: string | undefined): Promise<Landed<T>> => {
      try {
        const landed = token ? await fresh<T>(store, flight.key) : undefined;
        if (landed) return landed;
        try {
          await flight.admit();
        } catch (error) {
          throw new Refused(error);
        }
        const value = await flight.fetch();
        await safely(() => store.set(flight.key, value, flight.ttlSeconds), undefined);
        return { value, fetchedAt: Date.now(), called: true };
      } finally {
        if (token) await safely(() => store.unlock(flight.key, token), undefined);
      }
    };
    // Past the lock's own lifetime, someone keeps taking it: stop waiting and call.
    for (const deadline = Date.now() + timing.lockMs; ;) {
      // A cache that cannot lock lets the request lead without a lock (it fails open, as a miss does).
      const taken = await safely(() => store.lock(flight.key, timing.lockMs), null);
      if (taken === null) return lead(undefined);
      if (taken) return lead(taken);
      if (Date.now() > deadline) return lead(undefined);
      await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
      const landed = await fresh<T>(store, flight.key);
      if (landed) return landed;
    }
  }

  /**
   * The answer for `flight.key`, by joining the flight in progress or leading a new one (only a leader's `admit` and
   * `fetch` run). Throws `Refused` to a leader turned away by `admit`; those who joined its flight try again.
   */
  return async function join<T>(flight: Flight<T>): Promise<Landed<T>> {
    for (;;) {
      const pending = flights.get(flight.key) as Promise<Landed<T>> | undefined;
      if (pending) {
        try {
          return await pending;
        } catch (error) {
          if (Refused.is(error)) continue;
          throw error;
        }
      }
      // No await between looking for a flight and registering this one: two requests of the process cannot both lead.
      const started: Promise<Landed<T>> = fly(flight).finally(() => {
        if (flights.get(flight.key) === started) flights.delete(flight.key);
      });
      flights.set(flight.key, started);
      return started;
    }
  };
}
