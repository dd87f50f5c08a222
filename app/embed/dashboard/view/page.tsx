import { requestLocale } from "@/lib/i18n/server";
import { getTranslations } from "next-intl/server";
import { PropertyCard } from "@/components/property/property-card";
import { brand } from "@/lib/env";
import { ErrorPanel } from "@/components/ui/error-panel";
import { AppError, orAppError } from "@/lib/services/errors";
import { auditOwnerRead } from "@/lib/services/audit/log";
import { ownerData } from "@/lib/services/homes/owners";
import { partnerSiteOf } from "@/lib/services/partners/partners";
import { homeownerCard } from "@/lib/services/portfolio/officers";
import { OfficerCard } from "@/components/officer/officer-card";
import { ContactOfficer } from "@/components/leads/contact-officer";
import { SectionMessages } from "@/components/i18n/client-messages";
import { leadPanel } from "@/lib/services/leads/leads";
import { finishedPageUser, pageCaller } from "@/lib/api/page";
import { ReopenFromPartner } from "./reopen";

export async function generateMetadata() {
  const t = await getTranslations("EmbedDashboard");
  return { title: t("title") };
}

/**
 * The homeowner dashboard inside a partner's frame, for the member its token named (proxy.ts sets who may frame it).
 */
export default async function PartnerDashboardPage() {
  const user = await finishedPageUser();
  if (!user?.ownerIds.length) {
    return <ReopenFromPartner />;
  }
  const t = await getTranslations("EmbedDashboard");
  const errors = await getTranslations("Errors");
  const caller = { ...(await pageCaller(user)), partnerSiteId: await partnerSiteOf(user.id) };
  const [data, card, leads] = await Promise.all([
    orAppError(ownerData(caller, user.ownerIds)),
    homeownerCard(user.id).catch(() => null),
    requestLocale()
      .then((locale) => leadPanel(caller, locale))
      .catch(() => null),
  ]);
  if (AppError.is(data)) {
    return (
      <main className="p-6">
        <ErrorPanel
          title={t("homesFailed")}
          message={errors.has(data.code as never) ? errors(data.code as never) : data.message}
          retryHref="/embed/dashboard/view"
        />
      </main>
    );
  }
  auditOwnerRead(caller);
  return (
    <SectionMessages section="home">
      <main className="space-y-4 p-4">
        <h1 className="text-2xl font-bold">
          {user.name ? t("yourHomesNamed", { name: user.name.split(" ")[0]! }) : t("yourHomes")}
        </h1>
        <div className="grid gap-4 sm:grid-cols-2">
          {data.properties.map((property) => (
            <PropertyCard
              key={property.propertyId}
              property={property}
              brand={brand}
              detailsBase="/embed/dashboard/view/properties"
              reportFor={user.name ?? user.email}
            />
          ))}
        </div>
        {card && (
          <OfficerCard card={card}>
            {leads && data.properties[0] && (
              <ContactOfficer
                propertyId={data.properties[0].propertyId}
                officerName={leads.officerName}
                consentText={leads.consentText}
                sent={{ question: leads.today.question, call: leads.today.call }}
                nested
              />
            )}
          </OfficerCard>
        )}
      </main>
    </SectionMessages>
  );
}
