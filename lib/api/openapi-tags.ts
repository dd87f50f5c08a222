import type { RouteSpec } from "./route";

/**
 * The reference's sections, in the order an integrator reads them: who calls the operations first (homeowner, loan
 * officer), then what every signed-in caller shares, then sign-in, the partner's widget, webhooks, administration and
 * the operator's endpoints. /api/docs shows each as a group, in this order.
 */
export const TAGS = [
  { name: "Homeowner", description: "A homeowner's own homes: proof of ownership, figures, leads to their officer." },
  { name: "Loan officer", description: "The portfolio of past clients, its opportunities, leads and invitations." },
  {
    name: "Homes and addresses",
    description: "The Property Data Service's operations through the app: addresses, valuations, equity, reports.",
  },
  { name: "Account and sign-in", description: "The signed-in person's account, factors, sessions and API tokens." },
  { name: "Partner sites and widget", description: "The home-value widget a site embeds, and its leads." },
  {
    name: "Webhooks",
    description: "The lender's endpoints for the app's signed events (the events themselves: `webhooks` below).",
  },
  { name: "Administration", description: "The organization's settings, users, audit log, jobs and usage." },
  { name: "Operations", description: "Health, metrics and this reference." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

const ACCOUNT = ["/api/account", "/api/email-verification", "/api/passkeys", "/api/signup", "/api/locale"];
const OPERATIONS = ["/api/docs", "/api/openapi.json", "/api/health", "/api/metrics"];
const under = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The section an operation belongs to: by where it is served, else by who may call it. */
export function tagOf(path: string, spec: Pick<RouteSpec, "roles">): Tag {
  if (under(path, ["/api/admin/webhooks"])) return "Webhooks";
  if (under(path, ["/api/admin"])) return "Administration";
  if (under(path, ["/api/widget"])) return "Partner sites and widget";
  if (under(path, OPERATIONS)) return "Operations";
  if (under(path, ACCOUNT) || under(path, ["/api/unsubscribe", "/api/invitations/accept"]))
    return "Account and sign-in";
  if (spec.roles === "public") return "Homes and addresses";
  const homeowner = spec.roles.includes("homeowner");
  const staff = spec.roles.some((role) => role !== "homeowner");
  if (homeowner && !staff) return "Homeowner";
  if (staff && !homeowner) return "Loan officer";
  return "Homes and addresses";
}
