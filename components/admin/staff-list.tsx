"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TableScroll } from "@/components/ui/table-scroll";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import type { Role } from "@/lib/auth/roles";
import type { StaffMember } from "@/lib/services/staff";

const STAFF_ROLES = [
  { value: "loan_officer", label: "Loan officer" },
  { value: "admin", label: "Admin" },
] as const satisfies readonly { value: Role; label: string }[];

const th = "p-2 font-semibold";

/** The loan officers and admins, each with a role change and a reset of their second factors (both ask for a step-up). */
export function StaffList({ staff, selfId }: { staff: StaffMember[]; selfId: number }) {
  const router = useRouter();
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
      setSaid({ id: member.id, text: ApiProblem.from(error).message, error: true });
    } finally {
      setPending(undefined);
    }
  }

  function changeRole(event: FormEvent<HTMLFormElement>, member: StaffMember) {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get("role")) as Role;
    if (role === member.role) return;
    const label = STAFF_ROLES.find((r) => r.value === role)?.label ?? role;
    void act(
      member,
      () => fetchJson(`/api/admin/users/${member.id}`, { method: "PATCH", body: { role } }),
      `${member.email} is now: ${label}. It applies to their very next request.`,
    );
  }

  return (
    <>
      {stepUp}
      <TableScroll label="Staff">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Loan officers and admins</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className={th}>
                Email
              </th>
              <th scope="col" className={th}>
                Role
              </th>
              <th scope="col" className={th}>
                Second factor
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id} className="border-b border-slate-100 align-top" data-testid="staff-member">
                <th scope="row" className="p-2 font-normal">
                  {member.email}
                  {member.id === selfId && <span className="block text-xs text-slate-600">you</span>}
                </th>
                <td className="p-2">{STAFF_ROLES.find((r) => r.value === member.role)?.label}</td>
                <td className="p-2">
                  {member.hasSecondFactor ? "Set up" : member.singleSignOn ? "Their identity provider's" : "Not yet: asked at next sign-in"}
                </td>
                <td className="space-y-2 p-2">
                  {member.id === selfId ? (
                    <span className="text-xs text-slate-600">Your own factors are on your account&apos;s security page.</span>
                  ) : (
                    <>
                      <form onSubmit={(event) => changeRole(event, member)} className="flex flex-wrap items-center gap-2">
                        <label htmlFor={`role-${member.id}`} className="sr-only">
                          Role for {member.email}
                        </label>
                        <select
                          id={`role-${member.id}`}
                          name="role"
                          defaultValue={member.role}
                          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
                        >
                          {STAFF_ROLES.map((role) => (
                            <option key={role.value} value={role.value}>
                              {role.label}
                            </option>
                          ))}
                        </select>
                        <Button type="submit" variant="secondary" className="px-3 py-1 text-sm" disabled={pending === member.id}>
                          Change role<span className="sr-only"> of {member.email}</span>
                        </Button>
                      </form>
                      <ConfirmButton
                        label="Reset second factors"
                        accessibleName={`Reset second factors of ${member.email}`}
                        question={`Reset ${member.email}'s passkeys, authenticator app and recovery codes? Their sessions end now, and they set up a new factor at their next sign-in.`}
                        confirmLabel="Yes, reset them"
                        disabled={pending === member.id}
                        onConfirm={() =>
                          void act(
                            member,
                            () => fetchJson(`/api/admin/users/${member.id}/factors`, { method: "DELETE" }),
                            `${member.email}'s second factors are reset and they are signed out everywhere.`,
                          )
                        }
                      />
                    </>
                  )}
                  {said?.id === member.id && (
                    <p role={said.error ? "alert" : "status"} className={`text-xs ${said.error ? "text-red-700" : "text-slate-700"}`}>
                      {said.text}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
