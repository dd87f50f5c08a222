// Runs once when a server process starts: migrate the database and create the accounts a fresh install needs.
export async function register() {
  // Next.js replaces process.env.NEXT_RUNTIME at build time, which keeps the Node-only start-up out of the edge bundle.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so that as few requests as possible arrive before the client's address is recorded (those get "unknown").
    (await import("./lib/security/client-address")).installClientAddress();
    // Traces: the SDK is loaded only when there is somewhere to send them, and before the start-up so it is traced too.
    const { env } = await import("./lib/env");
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) await (await import("./lib/observability/sdk")).startTracing();
    const { registerStartup, started, startAfterNextResponse } = await import("./lib/startup");
    registerStartup(() => import("./lib/services/bootstrap").then(({ start }) => start()));
    // Under next dev, compiling the start-up's modules and opening the database would delay the first page (a newcomer
    // would think it hung): they wait until it is out, or for a sign-in. A production server finishes them first.
    // eslint-disable-next-line no-restricted-properties
    if (process.env.NODE_ENV === "development") startAfterNextResponse();
    else await started();
  }
}
