"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { OfficerProfileDto } from "@/lib/services/portfolio/officers";
import { ImageUploadForm } from "./image-upload-form";
import { Status } from "./save-status";
import { usePut } from "./use-put";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** An officer's own card on /account: the details (JSON) and the photo (the file itself), each saved on its own. */
export function OfficerProfileForm({ initial }: { initial: OfficerProfileDto }) {
  const t = useTranslations("OfficerProfile");
  const [profile, setProfile] = useState(initial);
  const details = usePut<OfficerProfileDto>(setProfile);
  const onDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(
      ["displayName", "title", "phone", "email", "bookingUrl", "nmlsId"].map((name) => [name, text(form, name)]),
    );
    void details.put("/api/account/officer-profile", JSON.stringify(body), "application/json", t("saved"));
  };
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">{profile.complete ? t("complete") : t("incomplete")}</p>
      <form onSubmit={onDetails} className="grid gap-3 sm:grid-cols-2" noValidate>
        <Field
          label={t("displayName")}
          name="displayName"
          defaultValue={profile.displayName ?? ""}
          error={details.fields.displayName}
        />
        <Field label={t("title")} name="title" defaultValue={profile.title ?? ""} error={details.fields.title} />
        <Field
          label={t("phone")}
          name="phone"
          type="tel"
          defaultValue={profile.phone ?? ""}
          hint={t("phoneHint")}
          error={details.fields.phone}
        />
        <Field
          label={t("email")}
          name="email"
          type="email"
          defaultValue={profile.email ?? ""}
          error={details.fields.email}
        />
        <Field
          label={t("bookingUrl")}
          name="bookingUrl"
          type="url"
          defaultValue={profile.bookingUrl ?? ""}
          hint={t("bookingUrlHint")}
          error={details.fields.bookingUrl}
        />
        <Field
          label={t("nmlsId")}
          name="nmlsId"
          inputMode="numeric"
          defaultValue={profile.nmlsId ?? ""}
          hint={t("digitsOnly")}
          error={details.fields.nmlsId}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={details.pending}>
            {t("save")}
          </Button>
        </div>
      </form>
      <Status {...details} />
      <ImageUploadForm<OfficerProfileDto>
        field="photo"
        label={t("photo")}
        uploadLabel={t("uploadPhoto")}
        url="/api/account/officer-profile/photo"
        saved={t("photoSaved")}
        onSaved={setProfile}
        current={
          profile.photoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the app's own 256 px WebP
            <img
              src={profile.photoUrl}
              alt={t("photoAlt")}
              width={64}
              height={64}
              className="h-16 w-16 rounded-full object-cover"
            />
          )
        }
      />
    </div>
  );
}
