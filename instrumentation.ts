// Runs once when a server process starts: check the configuration, take over SIGTERM, migrate the database (or wait for
// `npm run migrate`) and create the accounts a fresh install needs.
export async function register() {
  // Next.js replaces process.env.NEXT_RUNTIME at build time, which keeps the Node-only start-up out of the edge bundle.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so that as few requests as possible arrive before the client's address is recorded (those get "unknown").
    (await import("./lib/security/client-address")).installClientAddress();
    const { registerStartup, refuseToStart, started, startAfterNextResponse } = await import("./lib/startup");
    // A bad configuration stops the process here, every problem listed, before it serves anything.
    const { env } = await import("./lib/env").catch(refuseToStart);
    // Traces: the SDK is loaded only when there is somewhere to send them, and before the start-up so it is traced too.
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
      await (await import("./lib/observability/sdk")).startTracing();
    registerStartup(() => import("./lib/services/platform/bootstrap").then(({ start }) => start()));
    // Under next dev, compiling the start-up's modules and opening the database would delay the first page (a newcomer
    // would think it hung): they wait until it is out, or for a sign-in. A production server finishes them first.
    // Then it compiles the main pages in the background (lib/dev-warm-up.ts), so that their first visit is quick.
    if (env.NODE_ENV === "development") {
      startAfterNextResponse();
      void (await import("./lib/dev-warm-up")).warmUpAfterFirstResponse();
      return;
    }
    (await import("./lib/shutdown")).installShutdown(env.SHUTDOWN_DELAY_SECONDS);
    await started().catch(refuseToStart);
  }
}
