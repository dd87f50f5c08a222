import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCommand } from "../tests/integration/processes";
import type { AppInfo } from "../tests/integration/setup";

/**
 * The built app (`npm run build` first) on its embedded defaults, on a port of its own, with a fresh data folder.
 * `cwd`: another checkout's build (a baseline to compare with, see bench/audit.ts); `nodeBinary`: another Node.js to
 * run it with (bench/runtime.ts), this benchmark's own by default.
 */
export async function startApp(
  port: number,
  cwd = process.cwd(),
  nodeBinary = process.execPath,
): Promise<{ app: AppInfo; stop: () => void; pid: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  // The server and Node's flags as `npm start` gives them (package.json, the one place they are set; the image runs the
  // same): the benchmark measures the server people run. Its semi-spaces of 64 MB, where a page's short-lived objects
  // die, mean fewer scavenges under load (see the README's Benchmarks: 32 → 64 MB took 5–18% off the CPU per request
  // at 200 connections).
  const { flags: node, entry } = startCommand(cwd);
  // BENCH_CPU_PROF=<folder> writes a CPU profile of the server there when it stops (open it in Chrome's DevTools).
  if (process.env.BENCH_CPU_PROF) node.push("--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  // BENCH_NODE_FLAGS adds Node's own flags to the server, those NODE_OPTIONS refuses too (`--trace-gc`, say).
  if (process.env.BENCH_NODE_FLAGS) node.push(...process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean));
  const server = spawn(nodeBinary, [...node, ...entry], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      REDIS_URL: process.env.BENCH_REDIS_URL ?? "",
      PROPERTY_API_BASE_URL: "",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_USER_PER_MINUTE: "1000000",
      RATE_LIMIT_IP_PER_MINUTE: "1000000",
      // stop() removes the data folder right after SIGTERM: the server must not serve on for a load balancer.
      SHUTDOWN_DELAY_SECONDS: "0",
    },
    // BENCH_LOG=file keeps the server's JSON log, to see what went wrong under load.
    stdio: ["ignore", process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "w") : "ignore", "inherit"],
  });
  const app: AppInfo = {
    name: "embedded",
    url: `http://127.0.0.1:${port}`,
    admin: { email: "admin@example.com", password: "admin-demo" },
    userLimitPerMinute: 1e6,
    dataDir,
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${app.url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The demo accounts are created at start; wait until sign-in works.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    app,
    pid: server.pid!,
    stop: () => {
      server.kill("SIGTERM");
      // The server may still be writing its last checkpoint there as it stops.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** The CPU time (user and system) a process has used so far, in ms, from /proc (Linux): its clock ticks, 10 ms each. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
