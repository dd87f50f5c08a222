import { log } from "@/lib/log";

/**
 * How a server process stops when its orchestrator asks (SIGTERM): readiness answers 503 at once, the server goes on
 * serving for SHUTDOWN_DELAY_SECONDS (a load balancer polling readiness stops sending it requests meanwhile), then it
 * drains: no new connections, the requests in flight answered, their pending writes (`after()`) done, the job engine
 * stopped, and the process exits 0. Held on globalThis: Next.js bundles modules once per route.
 */
interface ShutdownState {
  installed: boolean;
  draining: boolean;
  stoppers: (() => Promise<void>)[];
  lastStoppers: (() => Promise<void>)[];
}

const globalForShutdown = globalThis as unknown as { appShutdown?: ShutdownState };
const state = (globalForShutdown.appShutdown ??= { installed: false, draining: false, stoppers: [], lastStoppers: [] });

/** The longest a drain may take after the delay: a client that keeps a request open does not hold the process. */
const DRAIN_DEADLINE_MS = 20_000;

/** True from the moment the process was asked to stop. */
export function draining(): boolean {
  return state.draining;
}

/**
 * Work to stop while the server drains (the job engine: no new job taken), or with `last` once the requests in flight
 * are answered (the trace exporter's last batch, which holds their spans); the process exits once all have stopped.
 */
export function onShutdown(stop: () => Promise<void>, when: "drain" | "last" = "drain"): void {
  (when === "last" ? state.lastStoppers : state.stoppers).push(stop);
}

/**
 * Takes SIGTERM over from Next.js's server, whose own handler (installed before instrumentation runs) closes the
 * server at once. That handler is kept and run after the delay: it is what stops accepting connections, waits for the
 * requests in flight and for the `after()` callbacks, then calls `process.exit(143)`. A drain that got that far is a
 * clean stop, so the exit code becomes 0 (a supervisor's "restart on failure" does not count it as a crash).
 */
export function installShutdown(delaySeconds: number): void {
  if (state.installed) return;
  state.installed = true;
  const nextHandlers = process.listeners("SIGTERM") as ((signal: NodeJS.Signals) => void)[];
  for (const handler of nextHandlers) process.off("SIGTERM", handler);
  // `on`, not `once`: a second SIGTERM while draining must not fall back to Node's default (an immediate exit).
  process.on("SIGTERM", () => {
    if (state.draining) return;
    state.draining = true;
    void drain(delaySeconds, nextHandlers);
  });
}

async function drain(delaySeconds: number, nextHandlers: ((signal: NodeJS.Signals) => void)[]): Promise<void> {
  log.info(
    { delaySeconds },
    "shutdown: SIGTERM received; readiness answers 503 (draining) while the server still serves",
  );
  await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
  log.info(
    "shutdown: draining: no new connections; finishing the requests in flight, their pending writes and the jobs running",
  );
  const stopped = Promise.allSettled(state.stoppers.map((stop) => stop()));
  const exit = process.exit.bind(process);
  let finishing = false;
  const finish = (code?: number | string | null) => {
    if (finishing) return;
    finishing = true;
    void stopped
      .then(() => Promise.allSettled(state.lastStoppers.map((stop) => stop())))
      .then(() => {
        const clean = code === undefined || code === null || code === 143;
        log.info({ code: clean ? 0 : code }, "shutdown: done");
        exit(clean ? 0 : code);
      });
  };
  // A request still open at the deadline (a client that sends or reads slowly) is cut: the process ends anyway, before
  // an orchestrator's own grace period (30 s in compose.yaml) kills it with what it was still writing.
  setTimeout(() => {
    log.warn(
      { deadlineMs: DRAIN_DEADLINE_MS },
      "shutdown: the drain did not finish in time; exiting with requests still open",
    );
    finish(1);
  }, DRAIN_DEADLINE_MS).unref();
  if (nextHandlers.length === 0) {
    // NEXT_MANUAL_SIG_HANDLE left the server without its own handler: nothing here can close it; requests in flight are
    // cut.
    log.warn(
      "shutdown: no server handler to drain requests with (NEXT_MANUAL_SIG_HANDLE?); exiting once the jobs have stopped",
    );
    return finish();
  }
  process.exit = finish as typeof process.exit;
  for (const handler of nextHandlers) handler("SIGTERM");
}
