import { EmbeddedClock } from "@/lib/api/answers";
import { route } from "@/lib/api/route";
import { advanceEmbeddedClock, embeddedClock } from "@/lib/services/platform/sandbox-clock";

// GET, POST /api/admin/embedded-clock: the embedded service's date, and moving it a month forward (admins; embedded
// mode)
export const GET = route(
  {
    roles: ["admin"],
    summary: "The date the embedded service values homes at (embedded mode only)",
    responses: { 200: EmbeddedClock },
    errors: [404],
  },
  async () => Response.json(await embeddedClock()),
);

export const POST = route(
  {
    roles: ["admin"],
    summary: "Move the embedded service's clock a month forward: new values, amortized balances (embedded mode only)",
    responses: { 200: EmbeddedClock },
    errors: [404],
  },
  async () => Response.json(await advanceEmbeddedClock()),
);
