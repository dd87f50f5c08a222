import { describe, expect, it } from "vitest";
import { createPropertyApiClient, PropertyApiError, type Fetch } from "./index";

function clientWith(fetch: Fetch, timeoutMs = 1000) {
  return createPropertyApiClient({ baseUrl: "https://service.test/", token: "secret-token", fetch, timeoutMs });
}

const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);

async function failure(promise: Promise<unknown>): Promise<PropertyApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PropertyApiError);
  return error as PropertyApiError;
}

describe("property API client", () => {
  it("sends the token, the method, the path and a JSON body", async () => {
    let seen: Request | undefined;
    const client = clientWith(async (request) => {
      seen = request;
      return json({ ownerID: "own_1" });
    });
    await expect(
      client.createOwner({ firstName: "Ada", lastName: "Byron", address: "1 Main St, Phoenix, AZ 85008" }),
    ).resolves.toEqual({ ownerID: "own_1" });
    expect(seen!.method).toBe("POST");
    expect(new URL(seen!.url).pathname).toBe("/create-owner");
    expect(seen!.headers.get("Authorization")).toBe("secret-token");
    expect(seen!.headers.get("Content-Type")).toBe("application/json");
    expect(await seen!.json()).toEqual({
      firstName: "Ada",
      lastName: "Byron",
      address: "1 Main St, Phoenix, AZ 85008",
    });
  });

  it("puts query parameters in the URL for GET operations", async () => {
    let url: URL | undefined;
    const client = clientWith(async (request) => {
      url = new URL(request.url);
      return json({ userID: "own_1", properties: [] });
    });
    await client.retrieveOwnerData("own_1 & more");
    expect(url!.pathname).toBe("/retrieve-owner-data");
    expect(url!.searchParams.get("userID")).toBe("own_1 & more");
  });

  it("sends maxLTV as the spec's string", async () => {
    let body: unknown;
    const client = clientWith(async (request) => {
      body = await request.json();
      return json({}, { status: 500 });
    });
    await failure(client.homeEquitySummary("1 Main St", 0.75));
    expect(body).toEqual({ address: "1 Main St", maxLTV: "0.75" });
  });

  it.each([
    [400, "address is required"],
    [401, "Authentication credentials missing or invalid"],
    [403, "Requested operation not allowed"],
    [404, "No property was found at that address"],
    [405, "Method not allowed"],
    [429, "Too many requests"],
    [500, "Unexpected server error"],
  ])("maps HTTP %i to a PropertyApiError with the service's message", async (status, message) => {
    const client = clientWith(async () =>
      json({ message }, { status, headers: status === 429 ? { "Retry-After": "7" } : {} }),
    );
    const error = await failure(client.valuationEstimate("1 Main St"));
    expect(error).toMatchObject({ operation: "valuationEstimate", status, kind: "http", message });
    if (status === 429) expect(error.retryAfterSeconds).toBe(7);
    expect(error.retryable).toBe(status === 429 || status >= 500);
  });

  it("falls back on the status's meaning when the error body is not JSON", async () => {
    const client = clientWith(async () => new Response("<html>oops</html>", { status: 503 }));
    const error = await failure(client.propertySummary("1 Main St"));
    expect(error).toMatchObject({ status: 503, message: "Service unavailable" });
  });

  it("reads error messages under error.message too", async () => {
    const client = clientWith(async () => json({ error: { message: "Quota exceeded" } }, { status: 403 }));
    expect((await failure(client.propertySummary("x"))).message).toBe("Quota exceeded");
  });

  it("times out a slow service with a 504", async () => {
    const client = clientWith(
      (request) =>
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
      50,
    );
    const error = await failure(client.valuationEstimate("1 Main St"));
    expect(error).toMatchObject({ status: 504, kind: "timeout" });
  });

  it("times out even when the abort never reaches the request (a Request lost to garbage collection)", async () => {
    // The fetch neither answers nor listens to the signal: what a Request whose signal link was collected looks like.
    const client = clientWith(() => new Promise<Response>(() => {}), 50);
    expect(await failure(client.valuationEstimate("1 Main St"))).toMatchObject({ status: 504, kind: "timeout" });
  });

  it("times out a body that starts and never ends", async () => {
    const stalled = new ReadableStream({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"Service Estimate":')),
    });
    const client = clientWith(
      async () => new Response(stalled, { headers: { "Content-Type": "application/json" } }),
      50,
    );
    expect(await failure(client.valuationEstimate("1 Main St"))).toMatchObject({ status: 504, kind: "timeout" });
  });

  it("times out an error whose body never ends, and a report download that stalls", async () => {
    const stalled = () =>
      new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode("%PDF-1.7")) });
    const failing = clientWith(async () => new Response(stalled(), { status: 500 }), 50);
    expect(await failure(failing.valuationEstimate("1 Main St"))).toMatchObject({ status: 504, kind: "timeout" });
    const report = clientWith(
      async () => new Response(stalled(), { headers: { "Content-Type": "application/pdf" } }),
      50,
    );
    const file = await report.propertyReport({ address: "1 Main St", applicantName: "Ada Byron", format: "pdf" });
    expect(await failure(new Response(file.body).arrayBuffer())).toMatchObject({
      status: 504,
      kind: "timeout",
      operation: "propertyReport",
    });
  });

  it("reports an unreachable service as a 502", async () => {
    const client = clientWith(async () => {
      throw new TypeError("fetch failed");
    });
    expect(await failure(client.valuationEstimate("x"))).toMatchObject({ status: 502, kind: "network" });
  });

  it("refuses a body that is not JSON or not the spec's shape", async () => {
    const notJson = clientWith(
      async () => new Response("{not json", { headers: { "Content-Type": "application/json" } }),
    );
    expect(await failure(notJson.valuationEstimate("x"))).toMatchObject({ status: 502, kind: "invalid-response" });
    const wrongShape = clientWith(async () => json({ "Service Estimate": { eventDate: "yesterday" } }));
    const error = await failure(wrongShape.valuationEstimate("x"));
    expect(error.kind).toBe("invalid-response");
    expect(error.message).toContain("Service Estimate");
  });

  it("asks for the report format with Accept and streams the body", async () => {
    let accept: string | null = null;
    const client = clientWith(async (request) => {
      accept = request.headers.get("Accept");
      return new Response("%PDF-1.7 …", { headers: { "Content-Type": "application/pdf", "Content-Length": "11" } });
    });
    const file = await client.propertyReport({ address: "x", applicantName: "Ada Byron", format: "pdf" });
    expect(accept).toBe("application/pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(await new Response(file.body).text()).toBe("%PDF-1.7 …");
  });
});
