import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DEFAULT_EQUAL_HOUSING_STATEMENT } from "@/lib/services/portfolio/officer-fields";
import type { OfficerCardDto } from "@/lib/services/portfolio/officers";
import { EqualHousingLogo } from "./equal-housing-logo";

interface OfficerCardProps {
  card: OfficerCardDto;
  /** The card's heading level on its page (2 on the dashboard, 3 inside a section). */
  headingLevel?: 2 | 3;
  /** Actions under the contact details (ask a question, request a call): another part fills it. */
  children?: ReactNode;
}

/**
 * The homeowner's loan officer: photo, name and title, how to reach them, both NMLS IDs with their NMLS Consumer
 * Access links, the company, and the Equal Housing Opportunity logo and words (what a mortgage advertisement carries).
 * Rendered only for a card the service returned (an officer with an NMLS ID).
 */
export function OfficerCard({ card, headingLevel = 2, children }: OfficerCardProps) {
  const t = useTranslations("OfficerCard");
  const Heading = `h${headingLevel}` as const;
  // The organization's own statement as its admin wrote it; the default one in the reader's language.
  const statement =
    card.equalHousingStatement === DEFAULT_EQUAL_HOUSING_STATEMENT
      ? t("equalHousingStatement")
      : card.equalHousingStatement;
  const link = "text-brand-700 underline hover:text-brand-900";
  return (
    <aside
      aria-labelledby="officer-card-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="officer-card"
    >
      <div className="flex flex-wrap items-start gap-4">
        {card.photoUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- a 256 px WebP the app already made; no optimizer needed
          <img
            src={card.photoUrl}
            alt={t("photoOf", { name: card.name })}
            width={80}
            height={80}
            className="h-20 w-20 rounded-full object-cover"
          />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-semibold text-slate-700">{t("yourOfficer")}</p>
          <Heading id="officer-card-title" className="text-lg font-bold text-slate-900" translate="no">
            {card.name}
          </Heading>
          {/* The officer's own words, in the language they wrote them. */}
          {card.title && (
            <p className="text-slate-700" translate="no">
              {card.title}
            </p>
          )}
          <ul className="space-y-0.5 text-sm">
            {card.phone && (
              <li>
                <a href={`tel:${card.phone}`} className={link}>
                  {card.phoneDisplay ?? card.phone}
                </a>
              </li>
            )}
            <li>
              <a href={`mailto:${card.email}`} className={link}>
                {card.email}
              </a>
            </li>
            {card.bookingUrl && (
              <li>
                <a href={card.bookingUrl} className={link} target="_blank" rel="noopener noreferrer">
                  {t("book")}
                </a>
              </li>
            )}
          </ul>
          <p className="text-sm text-slate-700">
            {t("nmlsId")}{" "}
            <a href={card.nmlsUrl} className={link} target="_blank" rel="noopener noreferrer">
              {card.nmlsId}
            </a>
          </p>
        </div>
      </div>
      {children && <div className="mt-4 flex flex-wrap gap-2">{children}</div>}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3 text-xs text-slate-700">
        {card.company.logoUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- the organization's logo, already re-encoded
          <img
            src={card.company.logoUrl}
            alt={card.company.name ? t("companyLogo", { company: card.company.name }) : t("companyLogoFallback")}
            width={40}
            height={40}
            className="h-10 w-10 object-contain"
          />
        )}
        <p className="min-w-0 flex-1">
          {card.company.name && (
            <span className="font-semibold text-slate-900" translate="no">
              {card.company.name}
            </span>
          )}
          {card.company.nmlsId && card.company.nmlsUrl && (
            <>
              {card.company.name ? " · " : ""}
              {t("companyNmlsId")}{" "}
              <a href={card.company.nmlsUrl} className={link} target="_blank" rel="noopener noreferrer">
                {card.company.nmlsId}
              </a>
            </>
          )}
        </p>
        <div className="flex items-center gap-2">
          <EqualHousingLogo size={32} />
          <p className="max-w-xs">{statement}</p>
        </div>
      </div>
    </aside>
  );
}
