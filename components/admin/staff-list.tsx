"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable } from "@/components/ui/data-table";
import { SelectField } from "@/components/ui/select-field";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import type { Role } from "@/lib/auth/roles";
import type { StaffMember } from "@/lib/services/identity/staff";

const STAFF_ROLES = ["loan_officer", "admin"] as const satisfies readonly Role[];

/**
 * The loan officers and admins, each with a role change and a reset of their second factors (both ask for a step-up).
 */
export function StaffList({ staff, selfId }: { staff: StaffMember[]; selfId: number }) {
  const router = useRouter();
  const t = useTranslations("StaffList");
  const errorText = useErrorText();
  const { withStepUp, stepUp } = useStepUp();
  const [pending, setPending] = useState<number>();
  const [said, setSaid] = useState<{ id: number; text: string; error: boolean }>();

  async function act(member: StaffMember, call: () => Promise<unknown>, done: string) {
    setPending(member.id);
    setSaid(undefined);
    try {
      await withStepUp(call);
      setSaid({ id: member.id, text: done, error: false });
      router.refresh();
    } catch (error) {
      setSaid({ id: member.id, text: errorText(ApiProblem.from(error)), error: true });
    } finally {
      setPending(undefined);
    }
  }

  function changeRole(event: FormEvent<HTMLFormElement>, member: StaffMember) {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get("role")) as Role;
    if (role === member.role) return;
    void act(
      member,
      () => fetchJson(`/api/admin/users/${member.id}`, { method: "PATCH", body: { role } }),
      t("roleChanged", { email: member.email, role }),
    );
  }

  return (
    <>
      {stepUp}
      <DataTable
        label={t("label")}
        caption={t("caption")}
        columns={[t("email"), t("role"), t("secondFactor"), t("actions")]}
      >
        {staff.map((member) => (
          <tr key={member.id} className="border-b border-slate-100 align-top" data-testid="staff-member">
            <th scope="row" className="p-2 font-normal">
              {member.email}
              {member.id === selfId && <span className="block text-xs text-slate-600">{t("you")}</span>}
            </th>
            <td className="p-2">{t("roleName", { role: member.role })}</td>
            <td className="p-2">
              {member.hasSecondFactor ? t("factorSet") : member.singleSignOn ? t("factorSso") : t("factorNotYet")}
            </td>
            <td className="space-y-2 p-2">
              {member.id === selfId ? (
                <span className="text-xs text-slate-600">{t("ownFactors")}</span>
              ) : (
                <>
                  <form onSubmit={(event) => changeRole(event, member)} className="flex flex-wrap items-center gap-2">
                    <SelectField
                      id={`role-${member.id}`}
                      name="role"
                      label={t("roleFor", { email: member.email })}
                      look="inline"
                      defaultValue={member.role}
                      options={STAFF_ROLES.map((role) => ({ value: role, label: t("roleName", { role }) }))}
                    />
                    <Button
                      type="submit"
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      disabled={pending === member.id}
                    >
                      {t.rich("changeRole", {
                        email: member.email,
                        sr: (chunks) => <span className="sr-only">{chunks}</span>,
                      })}
                    </Button>
                  </form>
                  <ConfirmButton
                    label={t("reset")}
                    accessibleName={t("resetNamed", { email: member.email })}
                    question={t("resetQuestion", { email: member.email })}
                    confirmLabel={t("resetConfirm")}
                    disabled={pending === member.id}
                    onConfirm={() =>
                      void act(
                        member,
                        () => fetchJson(`/api/admin/users/${member.id}/factors`, { method: "DELETE" }),
                        t("resetDone", { email: member.email }),
                      )
                    }
                  />
                </>
              )}
              {said?.id === member.id && (
                <p
                  role={said.error ? "alert" : "status"}
                  className={`text-xs ${said.error ? "text-red-700" : "text-slate-700"}`}
                >
                  {said.text}
                </p>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
