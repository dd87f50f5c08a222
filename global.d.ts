import type en from "./messages/en.json";
import type { Locale } from "./lib/i18n/locales";

// Typed catalogue keys: `t("dashboard.title")` that names no English message fails the type check.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
