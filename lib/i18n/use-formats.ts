import { useLocale } from "next-intl";
import { formatsFor, type Formats } from "@/lib/format";
import { isLocale } from "./locales";

/** The figures and dates of the reader's language, in a component (client, or a server component that is not async). */
export function useFormats(): Formats {
  const locale = useLocale();
  return formatsFor(isLocale(locale) ? locale : "en");
}
