import "server-only";
import { getCache } from "@/lib/cache";
import { log } from "@/lib/log";
import type { ClockState } from "@/lib/sandbox/clock";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { upstream } from "./upstream";

/** The embedded service's clock; there is none in front of a real service (404, as if the route did not exist). */
function clock() {
  const sandbox = upstream().sandbox;
  if (!sandbox)
    throw new AppError({
      code: "not_found",
      message: "The clock belongs to the embedded service, and a real service is configured.",
    });
  return sandbox.clock;
}

export function embeddedClock(): Promise<ClockState> {
  return clock().read();
}

/**
 * Moves the embedded service a month forward: values follow its market index and loans their schedules. The app's
 * cached answers are last month's, so they are dropped, as their time to live would have dropped them in a month.
 */
export async function advanceEmbeddedClock(): Promise<ClockState> {
  const state = await clock().advance();
  await getCache().clear();
  log.info(state, "embedded service: clock moved a month forward");
  void audit({ action: "clock.advance", detail: { months: state.months } });
  return state;
}
