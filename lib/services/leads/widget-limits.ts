import "server-only";
import { isIPv4, isIPv6 } from "node:net";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/messages";
import { limitWidgetLead, RateLimitedError, refundWidgetLead, type WidgetLeadLimit } from "@/lib/rate-limit";
import { AppError } from "@/lib/services/errors";

/** An IPv6 address's eight groups, each as lower-case hex without leading zeros; undefined for one carrying an IPv4. */
function v6Groups(ip: string): string[] | undefined {
  const address = ip.split("%")[0]!;
  if (!isIPv6(address) || address.includes(".")) return undefined;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  );
}

/**
 * The per-IP key of a visitor: an IPv6 client by its /64, which one subscriber (one home, one phone) is given whole,
 * so walking its addresses does not add leads; an IPv4 one, and an IPv6 one that carries an IPv4 (NAT64), as it is.
 */
export function leadIpKey(ip: string): string {
  const groups = v6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/**
 * The per-network key of a visitor: an IPv4 /24 (an IPv4 carried in an IPv6 address by its own), an IPv6 /48 (a
 * site's allocation), so that a flood from one provider's block counts as one however many addresses it walks.
 */
export function leadNetworkKey(ip: string): string {
  const groups = v6Groups(ip);
  if (groups) return `${groups.slice(0, 3).join(":")}::/48`;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  return v4 && isIPv4(v4[0]) ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : ip;
}

type Words = "limitVisitor" | "limitNetwork" | "limitHouse" | "limitSite";

/** Who a limit is for, and the words of its 429: always the site's limit, in the visitor's language. */
const LIMITS: Partial<Record<WidgetLeadLimit, { words: Words; count?: number }>> = {
  leadIp: { words: "limitVisitor", count: env.WIDGET_LEADS_PER_IP_PER_DAY },
  leadNetwork: { words: "limitNetwork", count: env.WIDGET_LEADS_PER_NETWORK_PER_DAY },
  leadAddress: { words: "limitHouse" },
  leadSiteCeiling: { words: "limitSite" },
};

/**
 * Spends one point of each limit for a lead that passed its other checks, all or none: a limit that refuses gives the
 * points already spent back, so a refused lead costs its visitor, network and house nothing. The refusal is a 429
 * saying it is the site's limit, in the visitor's language.
 */
export async function spendLeadLimits(
  spends: readonly { limit: WidgetLeadLimit; key: string }[],
  locale: Locale,
): Promise<void> {
  const spent: { limit: WidgetLeadLimit; key: string }[] = [];
  for (const spend of spends) {
    try {
      await limitWidgetLead(spend.limit, spend.key);
      spent.push(spend);
    } catch (error) {
      if (!RateLimitedError.is(error)) throw error;
      await Promise.all(spent.map(({ limit, key }) => refundWidgetLead(limit, key)));
      const { words, count } = LIMITS[spend.limit] ?? { words: "limitSite" };
      throw new AppError({
        code: "rate_limited",
        message: translator(locale, "Widget")(words, { count: count ?? 0 }),
        retryAfter: error.retryAfterSeconds,
      });
    }
  }
}

/** Whether the site's day still has room below its cap (spending it); past it, a lead is held for review. */
export async function withinSiteCap(siteId: number): Promise<boolean> {
  try {
    await limitWidgetLead("leadSite", String(siteId));
    return true;
  } catch (error) {
    if (!RateLimitedError.is(error)) throw error;
    return false;
  }
}
