import { describe, expect, inject, it } from "vitest";
import { call } from "./client";
import { checkAnswer, takeViolations } from "./openapi-check";

describe("the answers of the integration tests are checked against /api/openapi.json", () => {
  const app = inject("apps").embedded;

  it("passes a documented answer, and flags a status or a body the document does not describe", async () => {
    const refused = await call(app, "POST", "/api/signup", { body: { email: "not an email", password: "x" } });
    expect(refused.status).toBe(400);
    expect(takeViolations()).toEqual([]);
    const json = new Headers({ "content-type": "application/json" });
    await checkAnswer(`${app.url}/api/signup`, "POST", {
      status: 200,
      headers: json,
      body: { id: 1, email: "a@example.com", role: "homeowner" },
    });
    await checkAnswer(`${app.url}/api/avm`, "POST", { status: 200, headers: json, body: { value: "a lot" } });
    expect(takeViolations()).toEqual([
      expect.stringMatching(/^POST \/api\/signup → 200: status not in the document/),
      expect.stringMatching(/^POST \/api\/avm → 200: the body does not match/),
    ]);
  });
});
