import { INTL_TAG, type FormatLocale } from "@/lib/format";

// US Spanish's short forms ("$512 K", "$1.2 M"), one formatter per precision.
const ES_WHOLE = new Intl.NumberFormat(INTL_TAG.es, {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 0,
});
const ES_TENTHS = new Intl.NumberFormat(INTL_TAG.es, {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** $0, $512K, $1.2M (in Spanish $0, $512 K, $1.2 M): amounts short enough for an axis or a bar. */
export function shortUsd(n: number, locale: FormatLocale = "en"): string {
  const size = Math.abs(n);
  const amount =
    locale === "es"
      ? (size >= 1e6 ? ES_TENTHS : ES_WHOLE).format(size >= 1e6 || size < 1000 ? size : Math.round(size / 1000) * 1000)
      : size >= 1e6
        ? `$${(size / 1e6).toFixed(1)}M`
        : size >= 1000
          ? `$${Math.round(size / 1000)}K`
          : `$${Math.round(size)}`;
  return n < 0 ? `−${amount}` : amount;
}
