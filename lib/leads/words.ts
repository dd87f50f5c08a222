/** A lead's kinds, statuses and words: plain data the browser may load (no zod, no phone library). */

/** What a homeowner can ask their loan officer for. */
export const LEAD_KINDS = ["question", "call", "quote"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_STATUSES = ["new", "contacted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The borrowing scenarios a quote can be asked for. */
export const SCENARIOS = ["heloc", "cash_out", "rate_refinance", "pmi_removal"] as const;
export type ScenarioType = (typeof SCENARIOS)[number];

export const SCENARIO_LABELS: Record<ScenarioType, string> = {
  heloc: "Home equity line",
  cash_out: "Cash-out refinance",
  rate_refinance: "Rate refinance",
  pmi_removal: "Mortgage insurance removal",
};

export const BEST_TIMES = ["morning", "afternoon", "evening", "any"] as const;
export type BestTime = (typeof BEST_TIMES)[number];

export const BEST_TIME_LABELS: Record<BestTime, string> = {
  morning: "Morning (9 am – noon)",
  afternoon: "Afternoon (noon – 5 pm)",
  evening: "Evening (5 pm – 8 pm)",
  any: "Any time",
};

export const MESSAGE_MAX = 2000;

/** The status as the homeowner reads it. */
export const STATUS_WORDS: Record<LeadStatus, string> = {
  new: "Waiting for your loan officer",
  contacted: "Your loan officer has been in touch",
  won: "Done: your loan officer is working on it",
  lost: "Closed",
  spam: "Closed",
};

/** The status as the officer reads it. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** Where a lead may go from where it is: new → contacted → won | lost | spam (spam and lost straight from new too). */
const MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "lost", "spam"],
  contacted: ["won", "lost", "spam"],
  won: [],
  lost: [],
  spam: [],
};

export const nextStatuses = (status: LeadStatus): readonly LeadStatus[] => MOVES[status];
export const canMove = (from: LeadStatus, to: LeadStatus): boolean => MOVES[from].includes(to);

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** "Home equity line: amount $50,000 · available $80,000 · rate 8.5% · term 20 years". */
export function scenarioLine(scenario: Record<string, number | string | null> | null | undefined): string | undefined {
  if (!scenario) return undefined;
  // A widget visitor's lead carries the estimate they saw, not a borrowing scenario.
  if (scenario.kind === "estimate" && typeof scenario.value === "number") {
    const range =
      typeof scenario.low === "number" && typeof scenario.high === "number"
        ? ` (range ${dollars.format(scenario.low)}–${dollars.format(scenario.high)})`
        : "";
    return `Estimated value: ${dollars.format(scenario.value)}${range}`;
  }
  const type = String(scenario.type) as ScenarioType;
  const figures = Object.entries(scenario)
    .filter(([key, value]) => key !== "type" && value !== null)
    .map(([key, value]) => {
      const words = key.replace(/([A-Z])/g, " $1").toLowerCase();
      if (typeof value !== "number") return `${words} ${value}`;
      if (/percent$/i.test(key)) return `${words.replace(/ percent$/, "")} ${value}%`;
      if (key === "termYears") return `term ${value} years`;
      return `${words} ${dollars.format(value)}`;
    });
  return `${SCENARIO_LABELS[type] ?? type}: ${figures.join(" · ")}`;
}

/** How long ago something came in, in the largest whole unit ("just now", "5 min", "3 h", "2 days"). */
export function timeSince(at: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}
