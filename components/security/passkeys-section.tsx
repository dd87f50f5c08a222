"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { fetchJson } from "@/lib/client/fetch-json";
import { addPasskey } from "@/lib/client/passkeys";
import { useFormats } from "@/lib/i18n/use-formats";
import type { FactorActions } from "./factor-actions";
import { dayOf } from "./format";

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The account's passkeys: each renamed or removed; a new one made on this device. */
export function PasskeysSection({
  passkeys,
  homeowner,
  actions,
}: {
  passkeys: PasskeyRow[];
  homeowner: boolean;
  actions: FactorActions;
}) {
  const t = useTranslations("Passkeys");
  const f = useFormats();
  const day = (iso: string | null) => dayOf(iso, f) ?? t("never");
  const { withStepUp, run, said, pending } = actions;
  const [renaming, setRenaming] = useState<string>();
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  /** Back from the rename form: focus on the passkey's Rename button again, not lost with the form. */
  const doneRenaming = (id: string) => {
    setRenaming(undefined);
    requestAnimationFrame(() => renameButtons.current.get(id)?.focus());
  };

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim() || t("defaultShortName");
    await run(
      "passkeys",
      () => withStepUp(() => addPasskey(name)),
      (answer) => {
        form.reset();
        return { ...answer, message: t("added", { name }) };
      },
    );
  }

  async function rename(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    await run(
      "passkeys",
      () => fetchJson(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } }),
      () => {
        doneRenaming(id);
        return { message: t("renamed", { name }) };
      },
    );
  }

  return (
    <section aria-labelledby="passkeys-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="passkeys-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-slate-700">{homeowner ? t("introHomeowner") : t("introStaff")}</p>
      {said("passkeys")}
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("listLabel")}>
          {passkeys.map((key) => (
            <li key={key.id} className="space-y-2 p-3" data-testid="passkey">
              {renaming === key.id ? (
                <form onSubmit={(event) => void rename(event, key.id)} className="space-y-2" noValidate>
                  <Field
                    label={t("newName", { name: key.name })}
                    name="name"
                    id={`rename-${key.id}`}
                    defaultValue={key.name}
                    maxLength={60}
                    required
                    autoFocus
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" className="px-3 py-1 text-sm" disabled={pending === "passkeys"}>
                      {t("saveName")}
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      onClick={() => doneRenaming(key.id)}
                    >
                      {t("cancel")}
                    </Button>
                  </div>
                </form>
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-medium break-all">{key.name}</p>
                    <p className="text-xs text-slate-600">
                      {t("dates", { added: day(key.createdAt), used: day(key.lastUsedAt) })}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-start gap-2">
                    <Button
                      ref={(button) => {
                        if (button) renameButtons.current.set(key.id, button);
                        else renameButtons.current.delete(key.id);
                      }}
                      type="button"
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      aria-label={t("renameName", { name: key.name })}
                      onClick={() => setRenaming(key.id)}
                    >
                      {t("rename")}
                    </Button>
                    <ConfirmButton
                      label={t("remove")}
                      accessibleName={t("removeName", { name: key.name })}
                      question={t("removeQuestion", { name: key.name })}
                      confirmLabel={t("removeConfirm")}
                      disabled={pending === "passkeys"}
                      onConfirm={() =>
                        void run(
                          "passkeys",
                          () =>
                            withStepUp(() =>
                              fetchJson(`/api/account/passkeys/${encodeURIComponent(key.id)}`, { method: "DELETE" }),
                            ),
                          () => ({ message: t("removed", { name: key.name }) }),
                        )
                      }
                    />
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void add(event)}
        className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
        noValidate
      >
        <div className="min-w-0 flex-1 basis-56">
          <Field
            label={t("nameLabel")}
            name="name"
            id="passkey-name"
            defaultValue={t("defaultName")}
            maxLength={60}
            required
          />
        </div>
        <Button type="submit" disabled={pending === "passkeys"}>
          {pending === "passkeys" ? t("waiting") : t("add")}
        </Button>
      </form>
    </section>
  );
}
