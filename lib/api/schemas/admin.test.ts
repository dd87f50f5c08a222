import { describe, expect, it } from "vitest";
import { OpportunityRulesForm, SettingsBody } from "./admin";

describe("the organization's current rate and opportunity minimums", () => {
  it.each([
    [{ orgCurrentRate: 30.5 }, "orgCurrentRate", /at most 30%/],
    [{ orgCurrentRate: -0.25 }, "orgCurrentRate", /at least 0%/],
    [{ orgCurrentRate: 6.1255 }, "orgCurrentRate", /at most 3 decimals/],
    [{ orgCurrentRate: "6.25" }, "orgCurrentRate", /must be a number/],
    [{ opportunityHelocMin: 25_000.5 }, "opportunityHelocMin", /whole number of dollars/],
    [{ opportunityHelocMin: -1 }, "opportunityHelocMin", /at least 0/],
    [{ opportunityCashOutMin: 10_000_001 }, "opportunityCashOutMin", /at most 10,000,000/],
    [{ opportunityCashOutMin: null }, "opportunityCashOutMin", /whole number of dollars/],
    [{ refinanceRateMargin: 5.001 }, "refinanceRateMargin", /at most 5 points/],
    [{ refinanceRateMargin: -0.125 }, "refinanceRateMargin", /at least 0 points/],
    [{ refinanceRateMargin: 0.7501 }, "refinanceRateMargin", /at most 3 decimals/],
    [{ refinanceBreakEvenMonths: 0 }, "refinanceBreakEvenMonths", /at least 1/],
    [{ refinanceBreakEvenMonths: 36.5 }, "refinanceBreakEvenMonths", /whole number of months/],
    [{ refinanceBreakEvenMonths: 361 }, "refinanceBreakEvenMonths", /at most 360/],
    [{ closingCostPercent: 10.5 }, "closingCostPercent", /at most 10%/],
    [{ closingCostPercent: "2" }, "closingCostPercent", /must be a number/],
    [{ closingCostFixed: 2_999.99 }, "closingCostFixed", /whole number of dollars/],
    [{ refinanceMinBalance: -1 }, "refinanceMinBalance", /at least 0/],
    [{ refinanceMinMonths: 481 }, "refinanceMinMonths", /at most 480/],
  ])("refuse %j naming the field and the reason", (body, field, reason) => {
    const issues = SettingsBody.safeParse({ orgMaxLtv: 0.8, ...body }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join("."))).toEqual([field]);
    expect(issues[0]!.message).toMatch(reason);
  });

  it("take any of the settings alone, and not none of them", () => {
    expect(SettingsBody.parse({ orgCurrentRate: 0 })).toEqual({ orgCurrentRate: 0 });
    expect(SettingsBody.parse({ opportunityHelocMin: 0, opportunityCashOutMin: 10_000_000 })).toEqual({
      opportunityHelocMin: 0,
      opportunityCashOutMin: 10_000_000,
    });
    expect(SettingsBody.parse({ refinanceBreakEvenMonths: 24, closingCostPercent: 2.5 })).toEqual({
      refinanceBreakEvenMonths: 24,
      closingCostPercent: 2.5,
    });
    expect(SettingsBody.safeParse({}).error?.issues[0]?.message).toMatch(
      /give orgMaxLtv, orgCurrentRate, .* or refinanceMinMonths/,
    );
  });

  it("are typed in the admin's form as percentages, points, months and whole dollars, none left blank", () => {
    const form = {
      orgCurrentRate: "5.875",
      opportunityHelocMin: "20000",
      opportunityCashOutMin: "60000",
      refinanceRateMargin: "0.5",
      refinanceBreakEvenMonths: "30",
      closingCostPercent: "1.5",
      closingCostFixed: "2500",
      refinanceMinBalance: "75000",
      refinanceMinMonths: "84",
    };
    expect(OpportunityRulesForm.parse(form)).toEqual({
      orgCurrentRate: 5.875,
      opportunityHelocMin: 20_000,
      opportunityCashOutMin: 60_000,
      refinanceRateMargin: 0.5,
      refinanceBreakEvenMonths: 30,
      closingCostPercent: 1.5,
      closingCostFixed: 2_500,
      refinanceMinBalance: 75_000,
      refinanceMinMonths: 84,
    });
    expect(OpportunityRulesForm.safeParse({ ...form, refinanceMinMonths: "" }).error?.issues[0]?.path).toEqual([
      "refinanceMinMonths",
    ]);
    expect(OpportunityRulesForm.safeParse({ ...form, opportunityHelocMin: " " }).error?.issues[0]?.path).toEqual([
      "opportunityHelocMin",
    ]);
  });
});
