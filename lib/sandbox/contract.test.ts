import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AvmResponse,
  HomeEquitySummary,
  NormalizeResponse,
  OwnerDataResponse,
  PropertyApiError,
  PropertyReport,
  PropertySummaryResponse,
  VerifyHomeownerResponse,
  type PropertyApiClient,
} from "@/lib/property-api";
import { startSandbox, TEST_TOKEN } from "@/lib/testing/sandbox";

const EXAMPLE = "2800 N 24th St, Phoenix, AZ 85008";
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let http: { baseUrl: string; client: PropertyApiClient };

beforeAll(async () => {
  sandbox = await startSandbox();
  http = await sandbox.overHttp();
});
afterAll(() => sandbox.stop());

const transports = () =>
  [
    ["in-process", sandbox.inProcess],
    ["over HTTP", http.client],
  ] as const;

describe.each(["in-process", "over HTTP"] as const)("every operation %s", (transport) => {
  const client = () => Object.fromEntries(transports())[transport]!;

  it("normalizes addresses", async () => {
    const response = await client().normalizeAddresses([
      { street: "2800 North 24th Street", city: "phoenix", state: "Arizona", zip: "85008", requestId: "a" },
    ]);
    const [address] = response.results.addresses;
    expect(address).toMatchObject({
      street: "2800 N 24th St",
      city: "Phoenix",
      state: "AZ",
      county: "Maricopa",
      latitude: 33.47865,
      longitude: -112.03029,
      dpvMatchCode: "Y",
      requestId: "a",
    });
    expect(address!.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(response.results.meta.results).toMatchObject({ requestCount: 1, normalizedCount: 1, errorCount: 0 });
  });

  it("verifies a homeowner", async () => {
    const response = await client().verifyHomeowner({
      firstName: "Nobody",
      lastName: "Inparticular",
      address: EXAMPLE,
    });
    expect(response["Owner Verification"].isVerified).toBe(false);
    expect(response["Owner Names"].owner1).toHaveProperty("lastname");
  });

  it("estimates the value", async () => {
    const { "Service Estimate": estimate } = await client().valuationEstimate(EXAMPLE);
    expect(estimate.amount.low).toBeLessThan(estimate.amount.value);
    expect(estimate.amount.high).toBeGreaterThan(estimate.amount.value);
  });

  it("summarizes home equity at the given maximum LTV", async () => {
    const at80 = await client().homeEquitySummary(EXAMPLE);
    const at90 = await client().homeEquitySummary(EXAMPLE, 0.9);
    expect(at90.availableEquity).toBeGreaterThanOrEqual(at80.availableEquity);
    expect(at80.totalEquity).toBe(at80["Home Value Summary"].serviceEstimate - at80.totalLoanBalance);
  });

  it("summarizes the property", async () => {
    const { propertySummary } = await client().propertySummary(EXAMPLE);
    expect(propertySummary.address.line1).toBe("2800 N 24th St");
    expect(propertySummary.identifier.Id).toBeTypeOf("number");
  });

  it("creates an owner and returns their properties", async () => {
    const { ownerID } = await client().createOwner({
      firstName: "Test",
      lastName: `Owner ${transport}`,
      address: EXAMPLE,
    });
    const again = await client().createOwner({
      firstName: "test",
      lastName: `OWNER ${transport}`,
      address: "2800 north 24th street, phoenix az 85008",
    });
    expect(again.ownerID).toBe(ownerID);
    const data = await client().retrieveOwnerData(ownerID);
    expect(data.properties.map((p) => p.propertySummary.address.line1)).toContain("2800 N 24th St");
    expect(data.properties[0]!.propertySummary.identifier.userId).toBeTypeOf("number");
  });

  it("answers the report in PDF, HTML and JSON", async () => {
    const pdf = await client().propertyReport({ address: EXAMPLE, applicantName: "Ada Byron", format: "pdf" });
    const bytes = new Uint8Array(await new Response(pdf.body).arrayBuffer());
    expect(pdf.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const html = await client().propertyReport({ address: EXAMPLE, applicantName: "Ada Byron", format: "html" });
    expect(await new Response(html.body).text()).toContain('<h2 id="flood-zone-title">Flood zone</h2>');
    const json = await client().propertyReport({ address: EXAMPLE, applicantName: "Ada Byron", format: "json" });
    const report = PropertyReport.parse(await new Response(json.body).json());
    expect(report.applicantName).toBe("Ada Byron");
  });
});

describe("the service's refusals", () => {
  const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token !== null) headers.set("Authorization", init.token ?? TEST_TOKEN);
    return fetch(`${http.baseUrl}${path}`, { ...init, headers });
  };

  it("answers 401 without the token, and with a wrong one", async () => {
    for (const token of [null, "wrong"]) {
      const response = await call("/api/v1/avm", { method: "POST", body: JSON.stringify({ address: EXAMPLE }), token });
      expect(response.status).toBe(401);
      expect((await response.json()).message).toMatch(/credentials/);
    }
  });

  it("answers 400 naming the field for a body without address", async () => {
    const response = await call("/api/v1/avm", { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "address", message: "address is required" });
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call("/home-equity-summary", { method: "POST", body: "{address:" });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe("body");
  });

  it("answers 404 for an address not in the data set", async () => {
    const response = await call("/api/v1/avm", {
      method: "POST",
      body: JSON.stringify({ address: "1 Nonexistent Way, Phoenix, AZ 85008" }),
    });
    expect(response.status).toBe(404);
  });

  it("answers 405 for a wrong method, naming the right one", async () => {
    const response = await call("/property/summary", { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
  });

  it("answers 406 for a report format it cannot make", async () => {
    const response = await call(`/property/report?address=${encodeURIComponent(EXAMPLE)}&applicant_name=A`, {
      headers: { Accept: "image/png" },
    });
    expect(response.status).toBe(406);
  });

  it("maps refusals to PropertyApiError through the client", async () => {
    const error = await sandbox.inProcess
      .valuationEstimate("1 Nonexistent Way, Phoenix, AZ 85008")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PropertyApiError);
    expect(error).toMatchObject({ status: 404, operation: "valuationEstimate" });
  });

  it("normalizes the good addresses of a batch and flags the bad one", async () => {
    const response = NormalizeResponse.parse(
      await (
        await call("/address/normalize", {
          method: "POST",
          body: JSON.stringify({
            requests: [
              { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
              { street: "12 Main St", city: "Nowhere", state: "ZZ", zip: "00000" },
              { city: "Phoenix" },
            ],
          }),
        })
      ).json(),
    );
    expect(response.results.addresses.map((a) => a.meta.error)).toEqual([false, true, true]);
    expect(response.results.addresses[2]!.errorMessage).toContain("street");
    expect(response.results.meta.results.errorCount).toBe(2);
  });
});

describe("usage", () => {
  it("counts billable requests per operation, one per normalized address", async () => {
    const read = async () =>
      (await (await fetch(`${http.baseUrl}/_sandbox/usage`, { headers: { Authorization: TEST_TOKEN } })).json()) as {
        operations: Record<string, number>;
        total: number;
      };
    const before = await read();
    await sandbox.inProcess.normalizeAddresses([
      { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
      { street: "2604 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
    ]);
    await sandbox.inProcess.valuationEstimate(EXAMPLE);
    const after = await read();
    expect(after.operations.normalizeAddresses! - before.operations.normalizeAddresses!).toBe(2);
    expect(after.operations.valuationEstimate! - before.operations.valuationEstimate!).toBe(1);
    expect(after.total - before.total).toBe(3);
    expect((await fetch(`${http.baseUrl}/_sandbox/usage`)).status).toBe(401);
  });
});

describe("strict schemas accept every response", () => {
  it("parses raw responses of every JSON operation", async () => {
    const raw = async (path: string, body?: unknown) =>
      (
        await fetch(
          `${http.baseUrl}${path}`,
          body
            ? { method: "POST", body: JSON.stringify(body), headers: { Authorization: TEST_TOKEN } }
            : { headers: { Authorization: TEST_TOKEN } },
        )
      ).json();
    expect(AvmResponse.safeParse(await raw("/api/v1/avm", { address: EXAMPLE })).success).toBe(true);
    expect(HomeEquitySummary.safeParse(await raw("/home-equity-summary", { address: EXAMPLE })).success).toBe(true);
    expect(
      VerifyHomeownerResponse.safeParse(
        await raw("/api/v1/homeowner/verify", { firstName: "A", lastName: "B", address: EXAMPLE }),
      ).success,
    ).toBe(true);
    expect(
      PropertySummaryResponse.safeParse(await raw(`/property/summary?address=${encodeURIComponent(EXAMPLE)}`)).success,
    ).toBe(true);
    const { ownerID } = (await raw("/create-owner", { firstName: "Schema", lastName: "Check", address: EXAMPLE })) as {
      ownerID: string;
    };
    expect(OwnerDataResponse.safeParse(await raw(`/retrieve-owner-data?userID=${ownerID}`)).success).toBe(true);
  });
});
