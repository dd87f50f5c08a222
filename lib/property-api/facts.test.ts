import { describe, expect, it } from "vitest";
import {
  areaLabel,
  bathroomsLabel,
  bedroomsLabel,
  countOf,
  garageLabel,
  lotLabel,
  NOT_AVAILABLE,
  propertyTypeLabel,
} from "./facts";

describe("the facts formatter", () => {
  it("counts in the singular for one and the plural otherwise", () => {
    expect(countOf(1, "garage space")).toBe("1 garage space");
    expect(countOf(2, "garage space")).toBe("2 garage spaces");
    expect(countOf(0, "garage space")).toBe("0 garage spaces");
    expect(countOf(1_200, "story", "stories")).toBe("1,200 stories");
  });

  it("says how many garage spaces, or that there is no garage", () => {
    expect(garageLabel(0)).toBe("No garage");
    expect(garageLabel(1)).toBe("1 garage space");
    expect(garageLabel(3)).toBe("3 garage spaces");
  });

  it("names the property type from the code, apart for houses and townhouses", () => {
    const lumped = "Single Family Residence / Townhouse";
    expect(propertyTypeLabel("SFR", lumped)).toBe("Single family residence");
    expect(propertyTypeLabel("TOWNHOUSE", lumped)).toBe("Townhouse");
    expect(propertyTypeLabel("CONDOMINIUM", "Condominium")).toBe("Condominium");
    expect(propertyTypeLabel("sfr")).toBe("Single family residence");
  });

  it("falls back to the land-use class, then the code, for a type it does not know", () => {
    expect(propertyTypeLabel("MOBILE", "MOBILE HOME")).toBe("Mobile home");
    expect(propertyTypeLabel("DUPLEX")).toBe("Duplex");
    expect(propertyTypeLabel("", "")).toBe(NOT_AVAILABLE);
  });

  it("shows bedrooms, or that the source has no count", () => {
    expect(bedroomsLabel(3)).toBe("3");
    expect(bedroomsLabel(0)).toBe("0");
    expect(bedroomsLabel(null)).toBe(NOT_AVAILABLE);
    expect(bedroomsLabel(undefined)).toBe(NOT_AVAILABLE);
  });

  it("splits bathrooms into full and half", () => {
    expect(bathroomsLabel(2, 1)).toBe("2 full, 1 half");
    expect(bathroomsLabel(2, 0)).toBe("2 full");
  });

  it("writes areas in square feet and lots in acres too", () => {
    expect(areaLabel(2100)).toBe("2,100 sq ft");
    expect(lotLabel(10_510)).toBe("10,510 sq ft (0.24 acres)");
  });
});
