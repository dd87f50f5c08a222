import { describe, expect, it } from "vitest";

describe("ids that reach an integer column", async () => {
  const { UserIdParams } = await import("./admin");
  const { ClientIdParams, OpportunityIdParams } = await import("./clients");
  const { UnsubscribeQuery } = await import("./jobs");
  const { PropertyIdParams } = await import("./property");
  const { SiteBody } = await import("./widget");
  const { LeadIdParams } = await import("./leads");
  const { TokenIdParams } = await import("./tokens");
  const { WebhookDeliveryParams, WebhookParams } = await import("./webhooks");
  const { OfficerAssignmentBody, SiteOfficerBody } = await import("../officer-answers");
  const { OrganizationInput, SiteOfficerForm, AssignOfficerForm } =
    await import("@/lib/services/portfolio/officer-fields");
  const { LeadBody } = await import("@/lib/leads/rules");
  const site = { name: "s", allowedOrigins: ["https://a.example"], dailyBudget: 1 };
  const org = { companyName: null, nmlsId: null, equalHousingStatement: "" };
  // Each schema, a field, and the input with that field set to the id.
  const CASES: [
    string,
    {
      safeParse: (input: unknown) => {
        success: boolean;
        error?: { issues: { path: PropertyKey[]; message: string }[] };
      };
    },
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
    [
      "WebhookDeliveryParams",
      WebhookDeliveryParams,
      "webhookId",
      (id) => ({ webhookId: String(id), deliveryId: "msg_1" }),
    ],
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

  const TEXT_IDS = CASES.filter(
    ([, , field, input]) => typeof (input(1) as Record<string, unknown>)[field] === "string",
  );

  it.each(TEXT_IDS)("%s refuses an id not written in plain digits, naming the field", (_, schema, field, input) => {
    for (const spelling of ["0x10", "1e1", " 16", "16 ", "016", "+16", "16.0", "0", "-1"]) {
      const parsed = schema.safeParse(input(spelling));
      expect(parsed.success, spelling).toBe(false);
      expect(parsed.error!.issues.find((i) => i.path.join(".") === field)?.message, spelling).toBeTruthy();
    }
  });
});
