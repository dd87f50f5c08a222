import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { createPropertyApiClient } from "@/lib/property-api";
import { createSandboxHandler, getDataset } from "./index";

const dir = mkdtempSync(join(tmpdir(), "owners-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serviceOn(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const handler = createSandboxHandler({ token: "t", db: async () => database.db });
  return { database, client: createPropertyApiClient({ baseUrl: "http://embedded.test", token: "t", fetch: handler }) };
}

describe("owners", () => {
  it("survive a restart of the service", async () => {
    const first = await serviceOn(dir);
    const { ownerID } = await first.client.createOwner({
      firstName: "Grace",
      lastName: "Hopper",
      address: "2800 N 24th St, Phoenix, AZ 85008",
    });
    await first.database.close();

    const second = await serviceOn(dir);
    const data = await second.client.retrieveOwnerData(ownerID);
    expect(data.properties).toHaveLength(1);
    expect(data.properties[0]!.propertySummary.address.oneLine).toMatch(/^2800 N 24th St, Phoenix, AZ 85008/);
    await second.database.close();
  });

  it("see every property the deeds and tax mailings give them", async () => {
    const dataset = getDataset();
    const rental = dataset.properties.find(
      (p) =>
        !p.ownerOccupied &&
        dataset.properties.some(
          (h) => h.ownerOccupied && h.mailingAddress === p.mailingAddress && h.owners === p.owners,
        ),
    )!;
    const home = dataset.properties.find((h) => h.ownerOccupied && h.mailingAddress === rental.mailingAddress)!;
    const person = home.owners[0]!;
    if (person.kind !== "person") throw new Error("expected a person");
    const service = await serviceOn("memory://");
    const { ownerID } = await service.client.createOwner({
      firstName: person.first,
      lastName: person.last,
      address: home.mailingAddress,
    });
    const data = await service.client.retrieveOwnerData(ownerID);
    const ids = data.properties.map((p) => p.propertySummary.identifier.propertyId);
    expect(ids).toContain(home.id);
    expect(ids).toContain(rental.id);
    await service.database.close();
  });

  it("refuse an address the service does not know", async () => {
    const service = await serviceOn("memory://");
    await expect(
      service.client.createOwner({ firstName: "A", lastName: "B", address: "1 Nowhere Rd, Phoenix, AZ 85008" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await service.database.close();
  });
});
