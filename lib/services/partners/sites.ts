import "server-only";
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDatabase, type Database } from "@/lib/db";
import { users, widgetSites } from "@/lib/db/schema";
import { appOrigins } from "@/lib/env";
import { log } from "@/lib/log";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { isSafeOrigin } from "@/lib/security/origins";
import { addressKeyOf } from "@/lib/services/homes/addresses";
import { audit } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { siteSpentToday } from "@/lib/services/platform/meter";
import { propertyFacts, valuationEstimate } from "@/lib/services/homes/properties";
import { openSiteSecret, sealSiteSecret } from "./site-secrets";

export type Site = typeof widgetSites.$inferSelect;

export const siteSecret = (site: Site): string => openSiteSecret(site.id, site.secretEncrypted);

/**
 * Inserts a site with its secret sealed for its id, which the insert makes (so the row is written, then sealed, in one
 * transaction). Nothing when the site's key is taken (`undefined`).
 */
async function insertSite(
  db: Database,
  values: Omit<typeof widgetSites.$inferInsert, "secretEncrypted">,
  secret: string,
): Promise<Site | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(widgetSites)
      .values({ ...values, secretEncrypted: "" })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const [sealed] = await tx
      .update(widgetSites)
      .set({ secretEncrypted: sealSiteSecret(row.id, secret) })
      .where(eq(widgetSites.id, row.id))
      .returning();
    return sealed;
  });
}

const newSecret = () => `sec_${randomBytes(32).toString("base64url")}`;

/** Registers a site; the secret is returned this once and kept only encrypted. */
export async function createSite(input: {
  name: string;
  allowedOrigins: string[];
  dailyBudget: number;
  officerId?: number;
}) {
  const unsafe = input.allowedOrigins.find((origin) => !isSafeOrigin(origin));
  if (unsafe !== undefined)
    throw new AppError({
      code: "invalid_request",
      message: `${unsafe} is not an origin a site can be framed from.`,
      fields: {
        allowedOrigins: "must be origins such as https://bank.example",
      },
    });
  const { db } = await getDatabase();
  if (input.officerId !== undefined) {
    const [officer] = await db.select({ role: users.role }).from(users).where(eq(users.id, input.officerId));
    if (!officer || officer.role === "homeowner") {
      throw new AppError({
        code: "invalid_request",
        message: "officerId: no loan officer or admin has that id",
        fields: {
          officerId: "must be a staff member's id",
        },
      });
    }
  }
  const siteKey = `site_${randomBytes(12).toString("base64url")}`;
  const secret = newSecret();
  const site = await insertSite(db, { ...input, siteKey }, secret);
  void audit({
    action: "settings.change",
    detail: { setting: "widget_site", siteId: site!.id, name: input.name, origins: input.allowedOrigins.join(" ") },
  });
  return { site: site!, siteKey, siteSecret: secret };
}

export async function listSites() {
  const { db } = await getDatabase();
  return (await db.select().from(widgetSites).orderBy(desc(widgetSites.createdAt))).map(configured);
}

/**
 * The demo site is framed by this process's own origins, from its configuration, whatever another instance sharing
 * the database stored last (instances with different addresses, as in the test runs, would otherwise take turns).
 */
function configured(site: Site): Site {
  return site.siteKey === DEMO_SITE.siteKey ? { ...site, allowedOrigins: demoSiteOrigins() } : site;
}

/** The origins the embedded demo site allows: this app's own (its configured URL, and 127.0.0.1 beside localhost). */
export const demoSiteOrigins = () => appOrigins.filter(isSafeOrigin);

// Sites by their public key, as read lately: the widget asks on every load. Bounded, as anyone can ask for any key.
interface Known {
  site: Site | undefined;
  readAt: number;
}
interface SiteReads {
  known: LRUCache<string, Known>;
  reading: Map<string, Promise<Known>>;
}
const globalForSites = globalThis as unknown as { siteReads?: SiteReads };
const siteReads = () => (globalForSites.siteReads ??= { known: new LRUCache({ max: 10_000 }), reading: new Map() });
// A site is read again after this long: a change to it applies within that.
const SITE_MS = 30_000;
// From this age, the first request starts that read and does not wait for it; neither do the others meanwhile.
const REREAD_AFTER_MS = 25_000;

/**
 * A site by its public key, at most half a minute old. One read at a time per key, started ahead of the old one's end
 * while the widget is busy: when every request of that moment made its own (up to a few hundred at once, under load),
 * they queued for the database's connections and widgets waited 2 to 5 s (issue 16).
 */
export async function findSite(siteKey: string): Promise<Site | undefined> {
  const reads = siteReads();
  const known = reads.known.get(siteKey);
  const age = known ? Date.now() - known.readAt : Infinity;
  if (age >= SITE_MS) return (await readSite(reads, siteKey)).site;
  // A read that fails leaves the known site in place; the first request after SITE_MS waits for one of its own.
  if (age >= REREAD_AFTER_MS)
    readSite(reads, siteKey).catch((error: unknown) => log.warn({ err: error }, "sites: could not read a site again"));
  return known!.site;
}

function readSite(reads: SiteReads, siteKey: string): Promise<Known> {
  let read = reads.reading.get(siteKey);
  if (!read) {
    read = (async () => {
      const { db } = await getDatabase();
      const [row] = await db.select().from(widgetSites).where(eq(widgetSites.siteKey, siteKey));
      const known = { site: row && configured(row), readAt: Date.now() };
      reads.known.set(siteKey, known);
      return known;
    })().finally(() => reads.reading.delete(siteKey));
    reads.reading.set(siteKey, read);
  }
  return read;
}

function secondsToMidnightUtc(): number {
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((midnight.getTime() - Date.now()) / 1000));
}

/** The widget's caller: its IP for the per-IP limit, and the site's daily budget checked before any paid call. */
function widgetCaller(site: Site, ip: string): Caller {
  return {
    ip,
    site: {
      id: site.id,
      assertBudget: async () => {
        if ((await siteSpentToday(site.id)) >= site.dailyBudget) {
          countRateLimitRefusal("widget-site-budget");
          throw new AppError({
            code: "budget_exhausted",
            message: "This site has used today's home-value lookups. Please try again tomorrow.",
            retryAfter: secondsToMidnightUtc(),
          });
        }
      },
    },
  };
}

/** The valuation for the widget, through the same cache and single-flight as everyone's, with the address it is for. */
export async function widgetValuation(site: Site, ip: string, address: string) {
  const at = addressKeyOf(address);
  return { ...(await valuationEstimate(widgetCaller(site, ip), at)), address: at.key };
}

/** A home's public facts (with its estimate) for a widget visitor's report, on the site's budget. */
export async function widgetFacts(site: Site, ip: string, address: string) {
  return propertyFacts(widgetCaller(site, ip), addressKeyOf(address));
}

/** A site by its id (a lead's), as stored. */
export async function findSiteById(id: number): Promise<Site | undefined> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(widgetSites).where(eq(widgetSites.id, id));
  return row && configured(row);
}

export const DEMO_SITE = { name: "Demo site (embedded mode)", siteKey: "site_demo", dailyBudget: 500 };
export const BLOCKED_DEMO_SITE = {
  name: "Demo of a blocked origin",
  siteKey: "site_demo_blocked",
  allowedOrigins: ["https://partner-bank.example"],
  dailyBudget: 10,
};

/**
 * Embedded mode's demo sites: one that the app's own origins may frame (set from configuration, which also clears
 * anything else stored there), and one that only a faraway origin may, to show a blocked frame.
 */
export async function ensureDemoSites(): Promise<void> {
  const { db } = await getDatabase();
  const origins = demoSiteOrigins();
  const demo = await findSite(DEMO_SITE.siteKey);
  if (!demo) {
    await insertSite(db, { ...DEMO_SITE, allowedOrigins: origins }, newSecret());
  } else if (demo.allowedOrigins.join(" ") !== origins.join(" ")) {
    await db.update(widgetSites).set({ allowedOrigins: origins }).where(eq(widgetSites.id, demo.id));
  }
  if (!(await findSite(BLOCKED_DEMO_SITE.siteKey))) {
    await insertSite(db, BLOCKED_DEMO_SITE, newSecret());
  }
  // Read again from what was just written (a read under way keeps to the set it started in).
  globalForSites.siteReads = undefined;
}
