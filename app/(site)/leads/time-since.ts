/**
 * How long ago a lead came in, in the largest whole unit, for the catalogue's `Leads.ago` to say in the reader's
 * language ("just now", "5 min ago", "3 h ago", "2 days ago"): the same rule as lib/leads/words.ts's `timeSince`.
 */
export function sinceParts(at: Date, now: Date): { unit: "now" | "min" | "h" | "day"; n: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return { unit: "now", n: 0 };
  if (minutes < 60) return { unit: "min", n: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "h", n: hours };
  return { unit: "day", n: Math.floor(hours / 24) };
}
