import { useTranslations } from "next-intl";

/** The Equal Housing Opportunity logo (a house with an equals sign), drawn inline: no request, sharp at any size. */
export function EqualHousingLogo({ size = 40 }: { size?: number }) {
  const t = useTranslations("OfficerCard");
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label={t("equalHousingLogo")}
      className="shrink-0 text-slate-900"
    >
      <path d="M32 4 2 28h8v30h44V28h8L32 4Zm16 48H16V26l16-13 16 13v26Z" fill="currentColor" />
      <rect x="21" y="30" width="22" height="6" fill="currentColor" />
      <rect x="21" y="40" width="22" height="6" fill="currentColor" />
    </svg>
  );
}
