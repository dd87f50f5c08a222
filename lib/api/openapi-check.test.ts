import { describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { checkAnswer, takeViolations } from "@/tests/integration/openapi-check";

describe("the integration tests' check of answers against the document", () => {
  vi.stubGlobal("fetch", async () => GET());
  const json = new Headers({ "content-type": "application/json" });

  it("accepts a documented answer and refuses undocumented statuses and bodies", async () => {
    await checkAnswer("http://app.test/api/signup", "POST", { status: 201, headers: json, body: { id: 1, email: "a@example.com", role: "homeowner" } });
    await checkAnswer("http://app.test/api/admin/users/7/sessions", "DELETE", { status: 200, headers: json, body: { ended: 2 } });
    await checkAnswer("http://app.test/api/avm", "POST", { status: 404, headers: json, body: { error: { code: "not_found", message: "No property." } } });
    expect(takeViolations()).toEqual([]);
    await checkAnswer("http://app.test/api/signup", "POST", { status: 200, headers: json, body: {} });
    await checkAnswer("http://app.test/api/signup", "POST", { status: 201, headers: json, body: { id: "1" } });
    await checkAnswer("http://app.test/api/avm", "POST", { status: 418, headers: json, body: {} });
    const found = takeViolations();
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^POST \/api\/signup → 200: status not in the document/);
    expect(found[1]).toMatch(/^POST \/api\/signup → 201: the body does not match/);
  });
});
