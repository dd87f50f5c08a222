export interface TimeZoneInfo {
  /** US zone name: Eastern, Central, Mountain, Pacific, Alaska, Hawaii, Atlantic, Chamorro, Samoa. */
  name: string;
  /** Standard-time offset from UTC in hours. */
  utcOffset: number;
  daylightSavingsTime: boolean;
}

const NAMES: Record<number, string> = {
  [-4]: "Atlantic",
  [-5]: "Eastern",
  [-6]: "Central",
  [-7]: "Mountain",
  [-8]: "Pacific",
  [-9]: "Alaska",
  [-10]: "Hawaii",
  [-11]: "Samoa",
  10: "Chamorro",
};

function offsetHours(ianaZone: string, date: Date): number {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: ianaZone, timeZoneName: "longOffset" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? "");
  if (!match) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === "-" ? -hours : hours;
}

const cache = new Map<string, TimeZoneInfo>();

/** The zone's standard offset and whether it observes daylight saving, read from the IANA rules (fixed dates, so
 * every machine gives the same answer). */
export function timeZoneInfo(ianaZone: string): TimeZoneInfo {
  const known = cache.get(ianaZone);
  if (known) return known;
  const january = offsetHours(ianaZone, new Date(Date.UTC(2026, 0, 15)));
  const july = offsetHours(ianaZone, new Date(Date.UTC(2026, 6, 15)));
  const standard = Math.min(january, july);
  const info = {
    name: NAMES[standard] ?? `UTC${standard}`,
    utcOffset: standard,
    daylightSavingsTime: january !== july,
  };
  cache.set(ianaZone, info);
  return info;
}
