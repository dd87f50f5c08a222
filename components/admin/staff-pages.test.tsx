import { describe, expect, it, vi } from "vitest";
import { renderIntl } from "@/lib/testing/intl";
import { AuditFilters } from "./audit-filters";
import { AuditTable } from "./audit-table";
import { AuditVerifyButton } from "./audit-verify";
import { AddStaffForm } from "./add-staff-form";
import { MaxLtvForm, OffersForm, OpportunityRulesForm } from "./admin-forms";
import { SiteForm } from "./site-form";
import { StaffList } from "./staff-list";
import { WebhookAdmin } from "@/components/webhooks/webhook-admin";
import { AssignOfficerForms } from "@/components/officer/assign-officer-forms";
import { OfficerProfileForm } from "@/components/officer/officer-profile-form";
import { OrganizationForm } from "@/components/officer/organization-form";
import { EmbedCode } from "@/components/embed/embed-code";
import type { AuditEventDto } from "@/lib/services/audit/read";
import type { FormAction } from "@/lib/api/action";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined, push: () => undefined }) }));

/** A form action never called: the forms are only drawn. */
const never = <T,>(): FormAction<T> => (async () => ({})) as unknown as FormAction<T>;

const event: AuditEventDto = {
  id: 41,
  at: "2026-11-26T15:04:05Z",
  action: "owner.data.read",
  description: "Read a homeowner's loans",
  outcome: "refused",
  actor: { ref: null, email: "officer@example.com", role: "loan_officer", partnerSiteId: 3 },
  subjectRef: null,
  ownerId: null,
  propertyId: "1234",
  address: null,
  detail: null,
  ip: "203.0.113.9",
  requestId: null,
};

const staff = [
  { id: 1, email: "admin@example.com", role: "admin" as const, hasSecondFactor: true, singleSignOn: false },
  { id: 2, email: "officer@example.com", role: "loan_officer" as const, hasSecondFactor: false, singleSignOn: false },
];

const endpoint = {
  id: 7,
  url: "https://crm.example.com/hooks",
  description: null,
  events: ["lead.created"],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  createdAt: "2026-11-01T00:00:00Z",
  deliveries: [
    {
      id: "9",
      eventType: "lead.created",
      status: "delivered" as const,
      test: true,
      attempts: 1,
      responseStatus: 200,
      responseSummary: null,
      lastAttemptAt: "2026-11-02T10:00:00Z",
      createdAt: "2026-11-02T10:00:00Z",
      nextAttemptAt: null,
      deliveredAt: "2026-11-02T10:00:00Z",
    },
  ],
  total: 1234,
};

/** Every staff component at once, so that a key missing from a catalogue shows as its name ("Ns.key"). */
const page = (
  <>
    <AuditFilters values={{}} errors={{}} actions={[{ value: "owner.data.read", label: "Read" }]} />
    <AuditTable events={[event]} caption="Events" />
    <AuditVerifyButton />
    <AddStaffForm action={never()} invitations />
    <MaxLtvForm current={0.8} action={never()} />
    <OpportunityRulesForm
      current={{
        orgCurrentRate: 6.5,
        opportunityHelocMin: 50_000,
        opportunityCashOutMin: 50_000,
        refinanceRateMargin: 0.75,
        refinanceBreakEvenMonths: 36,
        closingCostPercent: 2,
        closingCostFixed: 3_000,
        refinanceMinBalance: 50_000,
        refinanceMinMonths: 60,
      }}
      action={never()}
    />
    <OffersForm
      current={{ heloc: { ratePercent: 8.5, termYears: 10 }, cashOut: { ratePercent: 7, termYears: 30 } }}
      action={never()}
    />
    <SiteForm appOrigin="https://app.example" action={never()} />
    <StaffList staff={staff} selfId={1} />
    <WebhookAdmin events={["lead.created"]} endpoints={[endpoint]} />
    <AssignOfficerForms
      staff={[{ id: 2, label: "officer@example.com" }]}
      sites={[{ id: 1, label: "Bank" }]}
      assign={never()}
      assignSite={never()}
    />
    <OfficerProfileForm
      initial={{
        displayName: null,
        title: null,
        phone: null,
        email: null,
        bookingUrl: null,
        nmlsId: null,
        photoUrl: null,
        complete: false,
      }}
    />
    <OrganizationForm
      initial={{
        companyName: null,
        nmlsId: null,
        phone: null,
        email: null,
        equalHousingStatement: "Equal Housing Opportunity",
        defaultOfficerId: null,
        logoUrl: null,
      }}
      staff={[]}
      fallback="first@example.com"
    />
    <EmbedCode appOrigin="https://app.example" siteKey="pk_demo" />
  </>
);

describe("the staff pages' words", () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);

  it("read in English as before", () => {
    const html = renderIntl(page, "en");
    for (const words of [
      "Filter the activity log",
      "Loan officer",
      "through partner site #3",
      "Property 1234",
      "Refused",
      "Send staff invitation",
      "Home equity line rate (% a year)",
      "Save opportunity rules",
      "Register site",
      "Reset second factors of officer@example.com",
      "Not yet: asked at next sign-in",
      "Add endpoint",
      "Deliveries (1,234)",
      "(test)",
      "Delivered",
      "Assign officer",
      "Your card shows to homeowners once your NMLS ID is set.",
      "Upload logo",
      "go to first@example.com, the first loan officer",
      "Lender&#x27;s phone",
      "Photo (JPEG, PNG or WebP, up to 5 MB)",
      "One line (sizes itself):",
      "title=&quot;What is my home worth?&quot;",
    ])
      expect(html).toContain(words);
    expect(errors).not.toHaveBeenCalled();
  });

  it("read in Spanish", () => {
    const html = renderIntl(page, "es");
    for (const words of [
      "Filtrar el registro de actividad",
      "Oficial de préstamos",
      "a través del sitio asociado n.º 3",
      "Propiedad 1234",
      "Rechazado",
      "Enviar la invitación al personal",
      "Tasa de interés (% anual) de la HELOC",
      "Guardar las reglas de oportunidades",
      "Registrar el sitio",
      "Restablecer los segundos factores de officer@example.com",
      "Agregar el destino",
      "Entregas (1,234)",
      "(prueba)",
      "Entregado",
      "Asignar el oficial",
      "Subir el logotipo",
      "van a first@example.com, el primer oficial de préstamos",
      "Teléfono del prestamista",
      "Foto (JPEG, PNG o WebP, hasta 5 MB)",
      "Una línea (se ajusta sola de tamaño):",
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(
      /\b(Audit|AuditVerify|AddStaff|AdminForms|Sites|StaffList|Webhooks|AssignOfficer|OfficerProfile|Organization|EmbedCode)\.[a-z]/,
    );
    expect(errors).not.toHaveBeenCalled();
  });
});
