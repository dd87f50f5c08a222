import { z } from "zod";
import { log } from "@/lib/log";

export const FAULT_KINDS = ["5xx", "429", "timeout", "malformed", "slow"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultConfig = z.object({
  /** Share of operation requests that fail, 0–1. */
  rate: z.number().min(0).max(1),
  kinds: z.array(z.enum(FAULT_KINDS)).min(1),
  /** How long a slow answer takes, and how long a timeout hangs before it gives up. */
  latencyMs: z.number().int().min(0).max(120_000).default(1500),
});
export type FaultConfig = z.infer<typeof FaultConfig>;

/** Reads `rate=0.3,kinds=5xx+429+timeout+malformed+slow,latencyMs=1500` (SANDBOX_FAULTS). */
export function parseFaults(text: string | undefined): FaultConfig | undefined {
  if (!text) return undefined;
  const fields = Object.fromEntries(text.split(",").map((pair) => pair.split("=").map((s) => s.trim())));
  return FaultConfig.parse({
    rate: Number(fields.rate ?? 0),
    kinds: (fields.kinds ?? FAULT_KINDS.join("+")).split("+").filter(Boolean),
    latencyMs: fields.latencyMs === undefined ? undefined : Number(fields.latencyMs),
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * With the configured probability, answers the way a misbehaving service does instead of answering: a 5xx, a 429
 * with Retry-After, no answer at all, a cut-off JSON body, or the right answer late (`undefined` then means: go on).
 */
export async function injectFault(
  config: FaultConfig | undefined,
  request: Request,
  random = Math.random,
): Promise<Response | "slow" | undefined> {
  if (!config || config.rate <= 0 || random() >= config.rate) return undefined;
  const kind = config.kinds[Math.floor(random() * config.kinds.length)]!;
  // Read by e2e/faults.spec.ts: journeys that met no fault would not have tested what they are for.
  log.info({ kind, path: new URL(request.url).pathname }, "sandbox: injected a fault");
  switch (kind) {
    case "5xx":
      return Response.json({ status: 503, message: "Injected fault: service unavailable" }, { status: 503 });
    case "429":
      return Response.json(
        { status: 429, message: "Injected fault: too many requests" },
        { status: 429, headers: { "Retry-After": "1" } },
      );
    case "timeout":
      await sleep(config.latencyMs * 20, request.signal);
      return Response.json({ status: 504, message: "Injected fault: gave up" }, { status: 504 });
    case "malformed":
      return new Response('{"Service Estimate": {"eventDate": "2026-', {
        headers: { "Content-Type": "application/json" },
      });
    case "slow":
      await sleep(config.latencyMs, request.signal);
      return "slow";
  }
}
