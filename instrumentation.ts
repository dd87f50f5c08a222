// Runs once when a server process starts: migrate the database and create the accounts a fresh install needs.
export async function register() {
  // Next.js replaces process.env.NEXT_RUNTIME at build time, which keeps the Node-only start-up out of the edge bundle.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so that as few requests as possible arrive before the client's address is recorded (those get "unknown").
    (await import("./lib/security/client-address")).installClientAddress();
    const { start } = await import("./lib/services/start");
    // Under next dev the first page need not wait for the database, its migrations and the demo accounts (a newcomer
    // would think it hung); a production server finishes them before it serves.
    // eslint-disable-next-line no-restricted-properties
    if (process.env.NODE_ENV === "development") void start();
    else await start();
  }
}
