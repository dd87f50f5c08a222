"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { fetchJson } from "@/lib/client/fetch-json";
import { addPasskey } from "@/lib/client/passkeys";
import { dayOf } from "./format";
import type { FactorActions } from "./security-settings";

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The account's passkeys: each renamed or removed; a new one made on this device. */
export function PasskeysSection({ passkeys, homeowner, actions }: { passkeys: PasskeyRow[]; homeowner: boolean; actions: FactorActions }) {
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
    const name = String(new FormData(form).get("name") ?? "").trim() || "Passkey";
    await run(
      "passkeys",
      () => withStepUp(() => addPasskey(name)),
      (answer) => {
        form.reset();
        return { ...answer, message: `Added “${name}”. You can sign in with it now.` };
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
        return { message: `Renamed to “${name}”.` };
      },
    );
  }

  return (
    <section aria-labelledby="passkeys-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="passkeys-title" className="text-xl font-semibold">
        Passkeys
      </h2>
      <p className="text-sm text-slate-700">
        A passkey lives on your phone, computer or security key, unlocked with your fingerprint, face or PIN.{" "}
        {homeowner
          ? "With one you sign in without a password: choose “Sign in with a passkey” on the sign-in page."
          : "It signs you in on its own (no password, no code), and confirms it is you when the app asks."}
      </p>
      {said("passkeys")}
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Your passkeys">
          {passkeys.map((key) => (
            <li key={key.id} className="space-y-2 p-3" data-testid="passkey">
              {renaming === key.id ? (
                <form onSubmit={(event) => void rename(event, key.id)} className="space-y-2" noValidate>
                  <Field label={`New name for “${key.name}”`} name="name" id={`rename-${key.id}`} defaultValue={key.name} maxLength={60} required autoFocus />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" className="px-3 py-1 text-sm" disabled={pending === "passkeys"}>
                      Save name
                    </Button>
                    <Button type="button" variant="secondary" className="px-3 py-1 text-sm" onClick={() => doneRenaming(key.id)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-medium break-all">{key.name}</p>
                    <p className="text-xs text-slate-600">
                      Added {dayOf(key.createdAt)} · last used {dayOf(key.lastUsedAt)}
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
                      aria-label={`Rename ${key.name}`}
                      onClick={() => setRenaming(key.id)}
                    >
                      Rename
                    </Button>
                    <ConfirmButton
                      label="Remove"
                      accessibleName={`Remove ${key.name}`}
                      question={`Remove “${key.name}”? It will no longer sign you in.`}
                      confirmLabel="Yes, remove it"
                      disabled={pending === "passkeys"}
                      onConfirm={() =>
                        void run(
                          "passkeys",
                          () => withStepUp(() => fetchJson(`/api/account/passkeys/${encodeURIComponent(key.id)}`, { method: "DELETE" })),
                          () => ({ message: `Removed “${key.name}”.` }),
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
      <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4" noValidate>
        <div className="min-w-0 flex-1 basis-56">
          <Field label="Name for the new passkey" name="name" id="passkey-name" defaultValue="Passkey on this device" maxLength={60} required />
        </div>
        <Button type="submit" disabled={pending === "passkeys"}>
          {pending === "passkeys" ? "Waiting for your device…" : "Add a passkey"}
        </Button>
      </form>
    </section>
  );
}
