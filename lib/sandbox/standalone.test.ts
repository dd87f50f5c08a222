import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPropertyApiClient, PropertyReport } from "@/lib/property-api";

const EXAMPLE = "2800 N 24th St, Phoenix, AZ 85008";
const TOKEN = "standalone-test-token";
let child: ChildProcess;
let baseUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-"));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // `npm run sandbox`, exactly as a person starts it (without DATABASE_URL: its own PGlite in DATA_DIR).
  child = spawn("node_modules/.bin/tsx", ["scripts/sandbox-server.ts"], {
    env: { ...process.env, PORT: String(port), SANDBOX_TOKEN: TOKEN, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.on("exit", (code) => reject(new Error(`sandbox server exited with ${code}`)));
  });
}, 60_000);

afterAll(() => {
  child?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run sandbox", () => {
  it("answers all eight operations over HTTP for the example address", async () => {
    const client = createPropertyApiClient({ baseUrl, token: TOKEN, fetch: (r) => fetch(r) });
    const normalized = await client.normalizeAddresses([
      { street: "2800 N 24th St", city: "Phoenix", state: "Arizona", zip: "85008" },
    ]);
    expect(normalized.results.addresses[0]).toMatchObject({
      state: "AZ",
      county: "Maricopa",
      latitude: 33.47865,
      longitude: -112.03029,
    });
    await expect(client.verifyHomeowner({ firstName: "A", lastName: "B", address: EXAMPLE })).resolves.toHaveProperty(
      "Owner Verification",
    );
    await expect(client.valuationEstimate(EXAMPLE)).resolves.toHaveProperty("Service Estimate");
    await expect(client.homeEquitySummary(EXAMPLE)).resolves.toHaveProperty("Current Loans");
    await expect(client.propertySummary(EXAMPLE)).resolves.toHaveProperty("propertySummary");
    const { ownerID } = await client.createOwner({ firstName: "Alan", lastName: "Turing", address: EXAMPLE });
    expect((await client.retrieveOwnerData(ownerID)).properties).toHaveLength(1);
    const report = await client.propertyReport({ address: EXAMPLE, applicantName: "Alan Turing", format: "json" });
    expect(PropertyReport.safeParse(await new Response(report.body).json()).success).toBe(true);
  });

  it("refuses without the token, without an address, and for an unknown address", async () => {
    const post = (body: unknown, token?: string) =>
      fetch(`${baseUrl}/api/v1/avm`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: token ? { Authorization: token } : {},
      });
    expect((await post({ address: EXAMPLE })).status).toBe(401);
    const missing = await post({}, TOKEN);
    expect(missing.status).toBe(400);
    expect((await missing.json()).field).toBe("address");
    expect((await post({ address: "9 Unknown Ave, Phoenix, AZ 85008" }, TOKEN)).status).toBe(404);
  });
});
