import type { FormatLocale } from "./index";

// US Spanish: its time zones have the names a reader in Texas knows ("CST"), where plain "es" writes "GMT-6".
const TAG: Record<FormatLocale, string> = { en: "en-US", es: "es-US" };

/**
 * An instant in a person's own time zone, the zone named as they would read it: "December 2, 2026 at 10:28 PM CST" /
 * "2 de diciembre de 2026 a las 10:28 p.m. CST". An unknown or missing zone is UTC, named too.
 */
export function zonedDateTime(locale: FormatLocale, value: Date | string, timeZone: string | null | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  const at = typeof value === "string" ? new Date(value) : value;
  try {
    return new Intl.DateTimeFormat(TAG[locale], { ...options, timeZone: timeZone ?? "UTC" }).format(at);
  } catch {
    return new Intl.DateTimeFormat(TAG[locale], { ...options, timeZone: "UTC" }).format(at);
  }
}

/** A language as a word in the reader's language: "es" is "Spanish" / "español". */
export function languageName(locale: FormatLocale, language: string): string {
  try {
    return new Intl.DisplayNames([TAG[locale]], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
