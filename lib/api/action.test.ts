import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as AuditLog from "@/lib/services/audit/log";
import { SettingsForm, SiteForm } from "./schemas/admin";

const session = vi.hoisted(() => ({
  user: undefined as
    { id: number; email: string; role: string; ownerId: null; name: null; secondFactorAt?: number } | undefined,
}));
const audited = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock("@/lib/services/audit/log", async (original) => ({
  ...(await original<typeof AuditLog>()),
  audit: async (event: Record<string, unknown>) => void audited.push(event),
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/auth/session", () => ({ currentUser: async () => session.user }));
const { action } = await import("./action");
const { AppError } = await import("@/lib/services/errors");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("action()", () => {
  const run = vi.fn(async ({ input }: { input: { orgMaxLtv: number } }) => input);
  const save = action({ roles: ["admin"], input: SettingsForm }, run);
  beforeEach(() => {
    session.user = { id: 1, email: "admin@example.com", role: "admin", ownerId: null, name: null };
    run.mockClear();
  });

  it("hands the form's fields, validated and turned into the API's body, to the work, and its answer back", async () => {
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toEqual({ data: { orgMaxLtv: 0.75 } });
  });

  it("answers a field at fault as the API's 400 would, without running the work", async () => {
    expect(await save(undefined, form({ orgMaxLtv: "150" }))).toEqual({
      error: "The maximum loan-to-value must be at most 100%.",
      code: "invalid_request",
      status: 400,
      fields: { orgMaxLtv: "The maximum loan-to-value must be at most 100%." },
    });
    expect((await save(undefined, form({ orgMaxLtv: "0.5" }))).fields).toEqual({
      orgMaxLtv: "The maximum loan-to-value must be at least 1%.",
    });
    expect((await save(undefined, form({ orgMaxLtv: "" }))).fields).toEqual({
      orgMaxLtv: "The maximum loan-to-value is required.",
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("names the error's code, so a form can tell a step-up from other failures", async () => {
    run.mockRejectedValueOnce(new AppError({ code: "step_up_required", message: "Confirm it is you." }));
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toMatchObject({ code: "step_up_required", status: 403 });
  });

  it("refuses the signed-out and the wrong role", async () => {
    session.user = undefined;
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toMatchObject({ status: 401 });
    session.user = { id: 2, email: "officer@example.com", role: "loan_officer", ownerId: null, name: null };
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toMatchObject({ status: 403 });
    expect(run).not.toHaveBeenCalled();
  });

  it("answers an AppError with its message, and anything else with a plain one", async () => {
    run.mockRejectedValueOnce(
      new AppError({ code: "taken", message: "Already there.", fields: { orgMaxLtv: "is taken" } }),
    );
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toEqual({
      error: "Already there.",
      code: "taken",
      status: 409,
      fields: { orgMaxLtv: "is taken" },
    });
    run.mockRejectedValueOnce(new Error("a bug's own words"));
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toEqual({
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
      status: 500,
    });
  });
});

describe("action() with a step-up", () => {
  const run = vi.fn(async ({ input }: { input: { orgMaxLtv: number } }) => input);
  const save = action({ roles: ["admin"], input: SettingsForm, stepUp: "settings.change" }, run);
  const admin = (minutesAgo: number) => ({
    id: 1,
    email: "admin@example.com",
    role: "admin",
    ownerId: null,
    name: null,
    secondFactorAt: Date.now() - minutesAgo * 60_000,
  });
  beforeEach(() => {
    audited.length = 0;
    run.mockClear();
  });

  it("answers a factor older than the step-up time with step_up_required, logged once, without running the work", async () => {
    session.user = admin(11);
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toMatchObject({ code: "step_up_required", status: 403 });
    expect(audited).toEqual([
      expect.objectContaining({
        action: "settings.change",
        outcome: "refused",
        actor: expect.objectContaining({ id: 1 }),
        detail: { reason: "step_up_required" },
      }),
    ]);
    expect(run).not.toHaveBeenCalled();
  });

  it("runs the work for a recent factor, and logs no refusal", async () => {
    session.user = admin(1);
    expect(await save(undefined, form({ orgMaxLtv: "75" }))).toEqual({ data: { orgMaxLtv: 0.75 } });
    expect(audited).toEqual([]);
  });
});

describe("the site form", () => {
  it("reads the origins from one line and the budget as a number, and names the API's fields at fault", () => {
    expect(SiteForm.parse({ name: "Bank", origins: "https://a.example, https://b.example", budget: "50" })).toEqual({
      name: "Bank",
      allowedOrigins: ["https://a.example", "https://b.example"],
      dailyBudget: 50,
    });
    const refused = SiteForm.safeParse({ name: "Bank", origins: "https://a.example/path", budget: "0" });
    expect(refused.error!.issues.map((issue) => issue.path.join("."))).toEqual(["allowedOrigins.0", "dailyBudget"]);
  });
});
