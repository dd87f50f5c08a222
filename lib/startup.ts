import { ServerResponse, type IncomingMessage } from "node:http";

/**
 * The server's start-up work (migrations, the demo and bootstrap accounts), run once per process. instrumentation.ts
 * registers it; a production server runs it before its first request. Under `next dev`, where registering happens
 * while the first page compiles, it waits for the next response (the page's own scripts, or the next page), so that
 * compiling it does not slow the first page; anything that needs it sooner (signing in) starts it with `started()`.
 * Held on globalThis: Next.js bundles this module once per route.
 */
const globalForStartup = globalThis as unknown as {
  appStartup?: { run: () => Promise<void>; done?: Promise<void> };
  startupStatus?: string;
  afterNextResponse?: ((request: IncomingMessage) => void)[];
};

/** Where the start-up is, for readiness: "ok" once it is done, otherwise what it waits for or why it failed. */
export function startupStatus(): string {
  return globalForStartup.startupStatus ?? "not started";
}

export function reportStartup(status: string): void {
  globalForStartup.startupStatus = status;
}

export function registerStartup(run: () => Promise<void>): void {
  globalForStartup.appStartup ??= { run };
}

/** The start-up, begun now if it has not begun; resolved at once where none was registered (tests, scripts). */
export function started(): Promise<void> {
  const startup = globalForStartup.appStartup;
  if (!startup) return Promise.resolve();
  startup.done ??= startup.run();
  return startup.done;
}

/**
 * Calls `then` once the next response of this process's HTTP servers has been sent (one already being answered
 * included: under a loaded `next dev` the first page's request can arrive before instrumentation.ts has registered),
 * with the request it answered (its socket says where the server listens).
 */
export function afterNextResponse(then: (request: IncomingMessage) => void): void {
  const waiting = (globalForStartup.afterNextResponse ??= []);
  waiting.push(then);
  if (waiting.length > 1) return;
  const emit = ServerResponse.prototype.emit;
  ServerResponse.prototype.emit = function (this: ServerResponse, event: string | symbol, ...args: unknown[]) {
    const result = Reflect.apply(emit, this, [event, ...args]) as boolean;
    if (event === "close" && waiting.length) {
      ServerResponse.prototype.emit = emit;
      for (const callback of waiting.splice(0)) callback(this.req);
    }
    return result;
  } as typeof emit;
}

/** Begins the start-up once the next response of this process's HTTP servers has been sent. */
export function startAfterNextResponse(): void {
  afterNextResponse(() => void started());
}

/** A start that must not go ahead (a production database with demo accounts): its message says what to fix. */
export class StartRefused extends Error {
  override readonly name = "StartRefused";

  static is(error: unknown): error is StartRefused {
    return error instanceof Error && error.name === "StartRefused";
  }
}

/**
 * Ends the process before it serves anything more: what is wrong (a bad configuration lists every problem) on stderr,
 * and exit code 1, so an orchestrator sees a failed start instead of a server that answers 500.
 */
export function refuseToStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Refusing to start: ${message}\n`);
  process.exit(1);
}
