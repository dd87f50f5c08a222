import { afterEach, describe, expect, it, vi } from "vitest";
import { digestMonths, EquityBody, JobRunBody, OpportunityRulesForm, SettingsBody } from "./schemas";

const address = "2800 N 24th St, Phoenix, AZ 85008";

describe("loan-to-value ratios", () => {
  it.each([true, false, [0.6], "0x1", "0.6", "", null, {}, 0, -0.5, 1.01, 1e-300, 0.001])("refuse orgMaxLtv %j", (orgMaxLtv) => {
    const parsed = SettingsBody.safeParse({ orgMaxLtv });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["orgMaxLtv"]);
  });

  it.each([0.01, 0.6, 0.8, 1])("take orgMaxLtv %j", (orgMaxLtv) => {
    expect(SettingsBody.parse({ orgMaxLtv })).toEqual({ orgMaxLtv });
  });

  it("takes maxLTV as a number or a plain decimal string, nothing else", () => {
    expect(EquityBody.parse({ address, maxLTV: 0.75 }).maxLTV).toBe(0.75);
    expect(EquityBody.parse({ address, maxLTV: "0.75" }).maxLTV).toBe(0.75);
    expect(EquityBody.parse({ address, maxLTV: ".9" }).maxLTV).toBe(0.9);
    expect(EquityBody.parse({ address }).maxLTV).toBeUndefined();
    for (const maxLTV of [true, [0.6], "0x1", "1e-3", " 0.5", "lots", 1e-300, "1.5", 2]) {
      expect(EquityBody.safeParse({ address, maxLTV }).error?.issues[0]?.path, JSON.stringify(maxLTV)).toEqual(["maxLTV"]);
    }
  });
});

describe("the organization's current rate and opportunity minimums", () => {
  it.each([
    [{ orgCurrentRate: 30.5 }, "orgCurrentRate", /at most 30%/],
    [{ orgCurrentRate: -0.25 }, "orgCurrentRate", /at least 0%/],
    [{ orgCurrentRate: 6.1255 }, "orgCurrentRate", /at most 3 decimals/],
    [{ orgCurrentRate: "6.25" }, "orgCurrentRate", /must be a number/],
    [{ opportunityHelocMin: 25_000.5 }, "opportunityHelocMin", /whole number of dollars/],
    [{ opportunityHelocMin: -1 }, "opportunityHelocMin", /at least 0/],
    [{ opportunityCashOutMin: 10_000_001 }, "opportunityCashOutMin", /at most 10,000,000/],
    [{ opportunityCashOutMin: null }, "opportunityCashOutMin", /whole number of dollars/],
  ])("refuse %j naming the field and the reason", (body, field, reason) => {
    const issues = SettingsBody.safeParse({ orgMaxLtv: 0.8, ...body }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join("."))).toEqual([field]);
    expect(issues[0]!.message).toMatch(reason);
  });

  it("take any of the settings alone, and not none of them", () => {
    expect(SettingsBody.parse({ orgCurrentRate: 0 })).toEqual({ orgCurrentRate: 0 });
    expect(SettingsBody.parse({ opportunityHelocMin: 0, opportunityCashOutMin: 10_000_000 })).toEqual({
      opportunityHelocMin: 0,
      opportunityCashOutMin: 10_000_000,
    });
    expect(SettingsBody.safeParse({}).error?.issues[0]?.message).toMatch(/give orgMaxLtv, orgCurrentRate/);
  });

  it("are typed in the admin's form as a percentage and whole dollars, none left blank", () => {
    const form = { orgCurrentRate: "5.875", opportunityHelocMin: "20000", opportunityCashOutMin: "60000" };
    expect(OpportunityRulesForm.parse(form)).toEqual({ orgCurrentRate: 5.875, opportunityHelocMin: 20_000, opportunityCashOutMin: 60_000 });
    expect(OpportunityRulesForm.safeParse({ ...form, opportunityHelocMin: " " }).error?.issues[0]?.path).toEqual(["opportunityHelocMin"]);
  });
});

describe("the month an admin runs the digests for", () => {
  afterEach(() => vi.useRealTimers());

  it("is this month or the previous one, across a year's end", () => {
    expect(digestMonths(new Date("2027-01-03T00:00:00Z"))).toEqual(["2027-01", "2026-12"]);
    expect(digestMonths(new Date("2026-03-31T23:59:59Z"))).toEqual(["2026-03", "2026-02"]);
  });

  it("refuses any other month with 400's reason, naming the months it takes", () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z"), toFake: ["Date"] });
    expect(JobRunBody.parse({ name: "homeowner-digests", period: "2026-11" }).period).toBe("2026-11");
    expect(JobRunBody.parse({ name: "homeowner-digests", period: "2026-10" }).period).toBe("2026-10");
    for (const period of ["2026-09", "2026-12", "2019-11", "2030-01"]) {
      const issue = JobRunBody.safeParse({ name: "homeowner-digests", period }).error?.issues[0];
      expect(issue?.path, period).toEqual(["period"]);
      expect(issue?.message).toBe("period must be this month or the previous one (2026-11 or 2026-10)");
    }
    expect(JobRunBody.parse({ name: "homeowner-digests" }).period).toBeUndefined();
  });
});

describe("ids that reach an integer column", async () => {
  const { ClientIdParams, OpportunityIdParams, PropertyIdParams, SiteBody, UnsubscribeQuery, UserIdParams } = await import("./schemas");
  const { LeadIdParams } = await import("./schemas/leads");
  const { TokenIdParams } = await import("./schemas/tokens");
  const { WebhookDeliveryParams, WebhookParams } = await import("./schemas/webhooks");
  const { OfficerAssignmentBody, SiteOfficerBody } = await import("./officer-answers");
  const { OrganizationInput, SiteOfficerForm, AssignOfficerForm } = await import("@/lib/services/officer-fields");
  const { LeadBody } = await import("@/lib/leads/rules");
  const site = { name: "s", allowedOrigins: ["https://a.example"], dailyBudget: 1 };
  const org = { companyName: null, nmlsId: null, equalHousingStatement: "" };
  // Each schema, a field, and the input with that field set to the id.
  const CASES: [
    string,
    { safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    string,
    (id: number | string) => unknown,
  ][] = [
    ["UserIdParams", UserIdParams, "userId", (id) => ({ userId: String(id) })],
    ["PropertyIdParams", PropertyIdParams, "propertyId", (id) => ({ propertyId: String(id) })],
    ["ClientIdParams", ClientIdParams, "clientId", (id) => ({ clientId: String(id) })],
    ["OpportunityIdParams", OpportunityIdParams, "opportunityId", (id) => ({ opportunityId: String(id) })],
    ["LeadIdParams", LeadIdParams, "leadId", (id) => ({ leadId: String(id) })],
    ["TokenIdParams", TokenIdParams, "tokenId", (id) => ({ tokenId: String(id) })],
    ["WebhookParams", WebhookParams, "webhookId", (id) => ({ webhookId: String(id) })],
    ["WebhookDeliveryParams", WebhookDeliveryParams, "webhookId", (id) => ({ webhookId: String(id), deliveryId: "msg_1" })],
    ["UnsubscribeQuery", UnsubscribeQuery, "u", (id) => ({ u: String(id), k: "monthly_digest", t: "x" })],
    ["SiteBody", SiteBody, "officerId", (id) => ({ ...site, officerId: Number(id) })],
    ["OfficerAssignmentBody", OfficerAssignmentBody, "officerId", (id) => ({ officerId: Number(id) })],
    ["SiteOfficerBody siteId", SiteOfficerBody, "siteId", (id) => ({ siteId: Number(id), officerId: null })],
    ["SiteOfficerBody officerId", SiteOfficerBody, "officerId", (id) => ({ siteId: 1, officerId: Number(id) })],
    ["OrganizationInput", OrganizationInput, "defaultOfficerId", (id) => ({ ...org, defaultOfficerId: Number(id) })],
    ["SiteOfficerForm siteId", SiteOfficerForm, "siteId", (id) => ({ siteId: String(id), officerId: "" })],
    ["SiteOfficerForm officerId", SiteOfficerForm, "officerId", (id) => ({ siteId: "1", officerId: String(id) })],
    ["AssignOfficerForm", AssignOfficerForm, "officerId", (id) => ({ email: "a@example.com", officerId: String(id) })],
    ["LeadBody", LeadBody, "propertyId", (id) => ({ kind: "question", propertyId: Number(id), message: "hi" })],
  ];

  it.each(CASES)("%s refuses an id past 2^31 - 1, naming the field", (_, schema, field, input) => {
    const parsed = schema.safeParse(input(2_147_483_648));
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path.join(".") === field);
    expect(issue?.message).toMatch(/at most 2147483647/);
  });

  it.each(CASES)("%s accepts the largest id, 2^31 - 1", (_, schema, field, input) => {
    const parsed = schema.safeParse(input(2_147_483_647));
    expect(parsed.error?.issues.filter((i) => i.path.join(".") === field) ?? []).toEqual([]);
  });
});
