"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import type { OrganizationDto } from "@/lib/services/portfolio/organization";
import { ImageUploadForm } from "./image-upload-form";
import { Status } from "./save-status";
import { usePut } from "./use-put";

/**
 * The lender's details on every officer's card (admins on /admin): name, NMLS ID, Equal Housing words, default officer,
 * logo. Saving the details asks for a recent second factor (the default officer and the name decide where leads go and
 * whose consent they give): the step-up dialog, then the same details again.
 */
export function OrganizationForm({
  initial,
  staff,
  fallback,
}: {
  initial: OrganizationDto;
  staff: { id: number; label: string }[];
  /** While no default officer is chosen: the first loan officer, who is the default until one is (null: no officer). */
  fallback: string | null;
}) {
  const t = useTranslations("Organization");
  const [org, setOrg] = useState(initial);
  const { withStepUp, stepUp } = useStepUp();
  const details = usePut<OrganizationDto>(setOrg, withStepUp);
  const onDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const officer = String(form.get("defaultOfficerId") ?? "");
    const body = {
      companyName: String(form.get("companyName") ?? ""),
      nmlsId: String(form.get("nmlsId") ?? ""),
      phone: String(form.get("phone") ?? ""),
      email: String(form.get("email") ?? ""),
      equalHousingStatement: String(form.get("equalHousingStatement") ?? ""),
      defaultOfficerId: officer ? Number(officer) : null,
    };
    void details.put("/api/admin/organization", JSON.stringify(body), "application/json", t("saved"));
  };
  const statementError = details.fields.equalHousingStatement;
  return (
    <div className="space-y-4">
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      {stepUp}
      {org.defaultOfficerId === null && (
        <p
          role="status"
          data-testid="default-officer-warning"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
        >
          {fallback ? t("defaultOfficerAutomatic", { officer: fallback }) : t("defaultOfficerNobody")}
        </p>
      )}
      <form onSubmit={onDetails} className="space-y-3" noValidate>
        <Field
          label={t("companyName")}
          name="companyName"
          defaultValue={org.companyName ?? ""}
          error={details.fields.companyName}
        />
        <Field
          label={t("nmlsId")}
          name="nmlsId"
          inputMode="numeric"
          defaultValue={org.nmlsId ?? ""}
          hint={t("digitsOnly")}
          error={details.fields.nmlsId}
        />
        <Field
          label={t("phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={org.phone ?? ""}
          hint={t("contactHint")}
          error={details.fields.phone}
        />
        <Field
          label={t("email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={org.email ?? ""}
          error={details.fields.email}
        />
        <div className="space-y-1">
          <label htmlFor="equalHousingStatement" className="block text-sm font-medium text-slate-800">
            {t("statement")}
          </label>
          <textarea
            id="equalHousingStatement"
            name="equalHousingStatement"
            rows={3}
            defaultValue={org.equalHousingStatement}
            aria-invalid={statementError ? true : undefined}
            aria-describedby={statementError ? "equalHousingStatement-error" : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm"
          />
          {statementError && (
            <p id="equalHousingStatement-error" className="text-sm text-red-700">
              {statementError}
            </p>
          )}
        </div>
        <SelectField
          id="defaultOfficerId"
          name="defaultOfficerId"
          label={t("defaultOfficer")}
          defaultValue={org.defaultOfficerId ?? ""}
          error={details.fields.defaultOfficerId}
          options={[
            { value: "", label: fallback ? t("noneFirst", { officer: fallback }) : t("none") },
            ...staff.map((member) => ({ value: member.id, label: member.label })),
          ]}
        />
        <Button type="submit" disabled={details.pending}>
          {t("save")}
        </Button>
      </form>
      <Status {...details} />
      <ImageUploadForm<OrganizationDto>
        field="logo"
        label={t("logo")}
        uploadLabel={t("uploadLogo")}
        url="/api/admin/organization/logo"
        saved={t("logoSaved")}
        onSaved={setOrg}
        current={
          org.logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the app's own re-encoded logo
            <img src={org.logoUrl} alt={t("logoAlt")} width={48} height={48} className="h-12 w-12 object-contain" />
          )
        }
      />
    </div>
  );
}
