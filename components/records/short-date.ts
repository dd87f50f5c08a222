/** "Nov 1, 2026": short enough for a table's column on a phone. */
const format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export const shortDate = (date: string) => format.format(new Date(`${date}T00:00:00Z`));
