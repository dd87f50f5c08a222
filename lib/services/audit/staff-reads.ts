import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { requestContext } from "@/lib/log";
import { giveBackStaffRows, STAFF_READ_ROWS, STAFF_READ_WINDOW_SECONDS, staffRowsWithin } from "@/lib/rate-limit";
import { requireStepUp } from "@/lib/services/access";
import { AppError } from "@/lib/services/errors";
import { audit, by, type AuditAction } from "./log";
import { pageOfClients, type ClientSort } from "@/lib/services/portfolio/clients";
import type { Caller } from "@/lib/services/platform/gateway";
import { listOpportunities, type OpportunityStatus } from "@/lib/services/portfolio/portfolio";
import type { OpportunityKind } from "@/lib/portfolio/opportunities";

type SignedIn = Caller & { user: SessionUser };

/**
 * More customers' records than this in one answer is an export, whatever the route: it needs a recent second factor,
 * as the CSV exports do, and the log says how many left. A page of the app shows at most this many.
 */
export const BULK_READ_LIMIT = 50;

export interface StaffRead {
  /** The row of an ordinary read ("clients.read"). */
  action: AuditAction;
  /** The row when it is more than BULK_READ_LIMIT records ("clients.export"). */
  bulk: AuditAction;
  /** How many customers' records (or rows of the log) the answer holds. */
  count: number;
  /** Where it was read: the API or a page. */
  via: "api" | "page";
  detail?: Record<string, string | number | boolean | null>;
  /** One record's read: whose it is and the property, for the homeowner's own view of who read what. */
  subjectUserId?: number;
  propertyId?: number;
  /** One home's read (a client's page): its address, so the homeowner who proved it sees the read in their log. */
  address?: string;
  addressKey?: string;
}

/**
 * Records one staff read of customer data: one row for the request, naming the count, never one per record. A read of
 * more than BULK_READ_LIMIT records is an export: it asks for a second factor given in the last STEP_UP_MINUTES first
 * (403 step_up_required otherwise, itself a refused row), then is logged as the export it is. So is a read that takes
 * the session past STAFF_READ_ROWS records in STAFF_READ_WINDOW_SECONDS, page after page, through the API or the app's
 * pages alike: a page shows the step-up's prompt instead of its records (lib/api/page's readOrStepUp).
 */
export async function recordStaffRead(caller: SignedIn, read: StaffRead): Promise<void> {
  const detail = { count: read.count, via: read.via, ...read.detail };
  const about = {
    ...by(caller),
    subjectUserId: read.subjectUserId,
    propertyId: read.propertyId,
    address: read.address,
    addressKey: read.addressKey,
  };
  const reader = readerOf(caller.user);
  const spent = await staffRowsWithin(reader, read.count);
  if (read.count <= BULK_READ_LIMIT && spent.within) return void audit({ action: read.action, ...about, detail });
  const exported = spent.within
    ? detail
    : { ...detail, sessionRows: `more than ${STAFF_READ_ROWS} in ${STAFF_READ_WINDOW_SECONDS / 60} minutes` };
  // An API token never gives a second factor: past its allowance it waits for the window, told how long (429).
  if (!spent.within && read.count <= BULK_READ_LIMIT && reader.startsWith("token:")) {
    await giveBackStaffRows(reader, read.count);
    void audit({ action: read.bulk, ...about, outcome: "refused", detail: { ...exported, reason: "rate_limited" } });
    throw new AppError({
      code: "rate_limited",
      message: `This token has read more than ${STAFF_READ_ROWS} records in ${STAFF_READ_WINDOW_SECONDS / 60} minutes. Try again in ${spent.retryAfterSeconds} seconds.`,
      retryAfter: spent.retryAfterSeconds,
    });
  }
  try {
    requireStepUp(caller.user, read.bulk, { ...about, detail: exported });
  } catch (error) {
    // Refused: nothing was read, so nothing is counted.
    await giveBackStaffRows(reader, read.count);
    throw error;
  }
  void audit({ action: read.bulk, ...about, detail: exported });
}

/** Whose reads add up: the session's, an API token's own, or (neither) the account's. */
function readerOf(user: SessionUser): string {
  const token = requestContext.getStore()?.apiToken;
  if (token && token.userId === user.id) return `token:${token.id}`;
  return user.sessionId ? `session:${user.sessionId}` : `user:${user.id}`;
}

/** Record ids as one cell of a row's detail ("12,15,31"): the clients a read showed, at most a page of them. */
export const idsText = (ids: readonly number[]): string => ids.slice(0, BULK_READ_LIMIT).join(",");

/** A page of the user's clients (GET /api/clients), logged as one read; more than BULK_READ_LIMIT is an export. */
export async function readClients(
  caller: SignedIn,
  query: { q?: string; sort: ClientSort; page: number; size?: number },
) {
  const page = await pageOfClients(caller.user, query);
  const ids = page.clients.map((c) => c.id);
  await recordStaffRead(caller, {
    action: "clients.read",
    bulk: "clients.export",
    count: ids.length,
    via: "api",
    detail: { clientIds: idsText(ids) },
  });
  return page;
}

/**
 * The user's clients' opportunities (GET /api/opportunities), logged as one read: each names a client, their address
 * and their available equity, so more than BULK_READ_LIMIT clients in the list is an export.
 */
export async function readOpportunities(
  caller: SignedIn,
  filter: { kind?: OpportunityKind; status?: OpportunityStatus },
) {
  const opportunities = await listOpportunities(caller.user, filter);
  const clients = [...new Set(opportunities.map((o) => o.clientId))];
  await recordStaffRead(caller, {
    action: "opportunities.read",
    bulk: "clients.export",
    count: clients.length,
    via: "api",
    detail: { list: "opportunities", opportunities: opportunities.length, clientIds: idsText(clients) },
  });
  return opportunities;
}
