import { describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { checkAnswer, takeViolations } from "@/tests/integration/openapi-check";

describe("the integration tests' check of answers against the document", () => {
  vi.stubGlobal("fetch", async () => GET());
  const json = new Headers({ "content-type": "application/json" });

  it("accepts a documented answer and refuses undocumented statuses and bodies", async () => {
    await checkAnswer("http://app.test/api/signup", "POST", {
      status: 201,
      headers: json,
      body: { id: 1, email: "a@example.com", role: "homeowner" },
    });
    await checkAnswer("http://app.test/api/admin/users/7/sessions", "DELETE", {
      status: 200,
      headers: json,
      body: { ended: 2 },
    });
    await checkAnswer("http://app.test/api/avm", "POST", {
      status: 404,
      headers: json,
      body: { error: { code: "not_found", message: "No property." } },
    });
    expect(takeViolations()).toEqual([]);
    await checkAnswer("http://app.test/api/signup", "POST", { status: 200, headers: json, body: {} });
    await checkAnswer("http://app.test/api/signup", "POST", { status: 201, headers: json, body: { id: "1" } });
    await checkAnswer("http://app.test/api/avm", "POST", { status: 418, headers: json, body: {} });
    const found = takeViolations();
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^POST \/api\/signup → 200: status not in the document/);
    expect(found[1]).toMatch(/^POST \/api\/signup → 201: the body does not match/);
  });

  it("fails an answer when the document cannot be read, and reads it again for the next answer", async () => {
    let down = true;
    vi.stubGlobal("fetch", async () => (down ? Promise.reject(new Error("ECONNRESET")) : GET()));
    await checkAnswer("http://flaky.test/api/signup", "POST", { status: 418, headers: json, body: {} });
    expect(takeViolations()).toEqual([
      expect.stringMatching(/^http:\/\/flaky\.test\/api\/openapi\.json could not be read.*ECONNRESET/),
    ]);
    down = false;
    await checkAnswer("http://flaky.test/api/signup", "POST", { status: 418, headers: json, body: {} });
    expect(takeViolations()).toEqual([expect.stringMatching(/^POST \/api\/signup → 418: status not in the document/)]);
    vi.stubGlobal("fetch", async () => new Response("Internal Server Error", { status: 500 }));
    await checkAnswer("http://broken.test/api/signup", "POST", { status: 201, headers: json, body: {} });
    expect(takeViolations()).toEqual([expect.stringMatching(/could not be read.*status 500/)]);
  });
});
