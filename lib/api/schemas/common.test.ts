import { describe, expect, it } from "vitest";
import { SettingsBody } from "./admin";
import { EquityBody } from "./property";

const address = "2800 N 24th St, Phoenix, AZ 85008";

describe("loan-to-value ratios", () => {
  it.each([true, false, [0.6], "0x1", "0.6", "", null, {}, 0, -0.5, 1.01, 1e-300, 0.001])(
    "refuse orgMaxLtv %j",
    (orgMaxLtv) => {
      const parsed = SettingsBody.safeParse({ orgMaxLtv });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["orgMaxLtv"]);
    },
  );

  it.each([0.01, 0.6, 0.8, 1])("take orgMaxLtv %j", (orgMaxLtv) => {
    expect(SettingsBody.parse({ orgMaxLtv })).toEqual({ orgMaxLtv });
  });

  it("takes maxLTV as a number or a plain decimal string, nothing else", () => {
    expect(EquityBody.parse({ address, maxLTV: 0.75 }).maxLTV).toBe(0.75);
    expect(EquityBody.parse({ address, maxLTV: "0.75" }).maxLTV).toBe(0.75);
    expect(EquityBody.parse({ address, maxLTV: ".9" }).maxLTV).toBe(0.9);
    expect(EquityBody.parse({ address }).maxLTV).toBeUndefined();
    for (const maxLTV of [true, [0.6], "0x1", "1e-3", " 0.5", "lots", 1e-300, "1.5", 2]) {
      expect(EquityBody.safeParse({ address, maxLTV }).error?.issues[0]?.path, JSON.stringify(maxLTV)).toEqual([
        "maxLTV",
      ]);
    }
  });
});
