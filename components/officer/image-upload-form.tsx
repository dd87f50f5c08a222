"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Status } from "./save-status";
import { usePut } from "./use-put";

/**
 * Uploads one image (an officer's photo, the organization's logo) as the request's body: the server reads what it
 * really is and re-encodes it. Shows the current one beside the file field, and what the upload came to.
 */
export function ImageUploadForm<T>({
  field,
  label,
  uploadLabel,
  url,
  saved,
  current,
  onSaved,
}: {
  /** The field the server names in a refusal ("photo", "logo"). */
  field: string;
  label: string;
  /** The button's words ("Upload photo"). */
  uploadLabel: string;
  url: string;
  saved: string;
  /** The image as it is now, drawn beside the field. */
  current?: React.ReactNode;
  onSaved: (value: T) => void;
}) {
  const t = useTranslations("OfficerProfile");
  const upload = usePut<T>(onSaved);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get(field);
    if (!(file instanceof File) || !file.size) return;
    void upload.put(url, file, file.type || "application/octet-stream", saved);
  };
  return (
    <>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        {current}
        <Field
          label={t("fileLabel", { label })}
          name={field}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="file-picker block"
          error={upload.fields[field]}
        />
        <Button type="submit" variant="secondary" disabled={upload.pending}>
          {uploadLabel}
        </Button>
      </form>
      <Status {...upload} />
    </>
  );
}
