import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { dateAfter, loansOn } from "./clock";
import { AS_OF, getDataset } from "./dataset";
import { createSandboxHandler } from "./index";

const ADDRESS = "3901 Wallingford Ave N, Seattle, WA 98103";

async function service() {
  const database = await openDatabase({ dataDir: "memory://" });
  const handler = createSandboxHandler({ token: "t", db: async () => database.db });
  const call = async (path: string, body?: object) => {
    const response = await handler(
      new Request(`http://embedded.test${path}`, {
        method: body ? "POST" : "GET",
        headers: { Authorization: "t", "Content-Type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    expect(response.status).toBe(200);
    return response.json();
  };
  return { database, handler, call };
}

describe("the embedded service's clock", () => {
  it("counts months from the data set's date, across year ends", () => {
    expect(AS_OF).toBe("2026-11-01");
    expect(dateAfter(0)).toBe("2026-11-01");
    expect(dateAfter(1)).toBe("2026-12-01");
    expect(dateAfter(2)).toBe("2027-01-01");
    expect(dateAfter(14)).toBe("2028-01-01");
  });

  it("pays amortizing loans down month by month and leaves lines of credit as drawn", () => {
    const property = getDataset().properties.find((p) =>
      p.loans.some((l) => l.type !== "HELOC" && l.balance > 50_000),
    )!;
    const loan = property.loans.find((l) => l.type !== "HELOC")!;
    const [later] = loansOn([loan], dateAfter(1));
    expect(later!.balance).toBeLessThan(loan.balance);
    // One month's principal: more than nothing, less than a month's payment.
    expect(loan.balance - later!.balance).toBeGreaterThan(0);
    expect(loan.balance - later!.balance).toBeLessThan(loan.originalAmount / 60);
    const line = { ...loan, type: "HELOC" as const };
    expect(loansOn([line], dateAfter(6))[0]!.balance).toBe(loan.balance);
  });

  it("moves the valuation date, the value and the balances forward a month when advanced, and keeps it across a restart", async () => {
    const { database, call } = await service();
    const before = await call("/api/v1/avm", { address: ADDRESS });
    const equityBefore = await call("/home-equity-summary", { address: ADDRESS });
    expect(before["Service Estimate"].eventDate).toBe("2026-11-01");

    expect(await call("/_sandbox/clock", {})).toEqual({ months: 1, date: "2026-12-01" });
    const after = await call("/api/v1/avm", { address: ADDRESS });
    const equityAfter = await call("/home-equity-summary", { address: ADDRESS });
    expect(after["Service Estimate"].eventDate).toBe("2026-12-01");
    expect(after["Service Estimate"].amount.value).not.toBe(before["Service Estimate"].amount.value);
    if (Number(equityBefore.totalLoanBalance) > 0)
      expect(Number(equityAfter.totalLoanBalance)).toBeLessThan(Number(equityBefore.totalLoanBalance));

    // Another service on the same database reads the same clock.
    const again = createSandboxHandler({ token: "t", db: async () => database.db });
    expect(await again.clock.read()).toEqual({ months: 1, date: "2026-12-01" });
    await database.close();
  });
});
