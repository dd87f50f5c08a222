import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-types";
import { EVENT_SCHEMAS, sampleData } from "@/lib/webhooks/schemas";

describe("the OpenAPI document's webhooks", async () => {
  const document = await GET().json();

  it("describes every event the CRM can subscribe to, signed per Standard Webhooks", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const created = document.webhooks["lead.created"].post;
    expect(created.parameters.map((p: { name: string }) => p.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
    const schema = created.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(["type", "timestamp", "data"]);
    expect(schema.properties.type.const).toBe("lead.created");
    expect(Object.keys(schema.properties.data.properties)).toEqual(
      expect.arrayContaining(["id", "status", "officerId", "scenario", "createdAt"]),
    );
  });

  it("has each test event's made-up data match its event's schema, flagged test", () => {
    for (const type of WEBHOOK_EVENTS) {
      const data = sampleData(type);
      expect(EVENT_SCHEMAS[type].safeParse(data).success, type).toBe(true);
      expect(data.test).toBe(true);
    }
  });
});
