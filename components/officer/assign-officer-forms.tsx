"use client";

import { useTranslations } from "next-intl";
import { useStepUpForm } from "@/components/auth/use-step-up-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import type { FormAction } from "@/lib/api/action";
import { useErrorText } from "@/lib/i18n/error-text";
import type { AssignmentSource } from "@/lib/services/portfolio/officer-assignment";

interface Choice {
  id: number;
  label: string;
}

function OfficerSelect({ id, staff, error }: { id: string; staff: Choice[]; error?: string }) {
  const t = useTranslations("AssignOfficer");
  return (
    <SelectField
      id={id}
      name="officerId"
      label={t("officer")}
      error={error}
      options={[{ value: "", label: t("none") }, ...staff.map((member) => ({ value: member.id, label: member.label }))]}
    />
  );
}

/**
 * Who is a homeowner's officer (by their email), and a widget site's: both audited, and both change where leads go, so
 * each asks for a recent second factor (the step-up dialog, then the form again).
 */
export function AssignOfficerForms({
  staff,
  sites,
  assign,
  assignSite,
}: {
  staff: Choice[];
  sites: Choice[];
  assign: FormAction<{ email: string; source: AssignmentSource | null }>;
  assignSite: FormAction<{ siteId: number; officerId: number | null }>;
}) {
  const t = useTranslations("AssignOfficer");
  const errorText = useErrorText();
  const homeowner = useStepUpForm(assign);
  const site = useStepUpForm(assignSite);
  const fields = homeowner.state?.fields ?? {};
  return (
    <div className="space-y-5">
      {/* Beside the forms, not in them: the dialog's own form must not submit theirs. */}
      {homeowner.stepUp}
      {site.stepUp}
      <form onSubmit={homeowner.onSubmit} className="space-y-3" noValidate>
        <Field label={t("email")} name="email" type="email" required error={fields.email} />
        <OfficerSelect id="assign-officer" staff={staff} error={fields.officerId} />
        <Button type="submit" disabled={homeowner.pending}>
          {t("assign")}
        </Button>
        {homeowner.state?.error && !Object.keys(fields).length && (
          <p role="alert" className="text-sm text-red-700">
            {errorText({ code: homeowner.state.code, message: homeowner.state.error })}
          </p>
        )}
        {homeowner.state?.data && (
          <p role="status" className="text-sm text-green-800">
            {t("assigned", { email: homeowner.state.data.email, source: homeowner.state.data.source ?? "none" })}
          </p>
        )}
      </form>
      {sites.length > 0 && (
        <form onSubmit={site.onSubmit} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
          <SelectField
            id="site-officer-site"
            name="siteId"
            label={t("site")}
            options={sites.map((choice) => ({ value: choice.id, label: choice.label }))}
          />
          <OfficerSelect id="site-officer" staff={staff} error={site.state?.fields?.officerId} />
          <Button type="submit" variant="secondary" disabled={site.pending}>
            {t("setSite")}
          </Button>
          {site.state?.error && (
            <p role="alert" className="text-sm text-red-700">
              {errorText({ code: site.state.code, message: site.state.error })}
            </p>
          )}
          {site.state?.data !== undefined && !site.state.error && (
            <p role="status" className="text-sm text-green-800">
              {t("siteSaved")}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
