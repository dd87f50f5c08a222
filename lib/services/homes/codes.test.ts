import { describe, expect, it } from "vitest";
import { DPV_MEANINGS, splitFootnotes } from "./codes";

describe("footnotes", () => {
  it("tell what was corrected apart from what is wrong", () => {
    expect(splitFootnotes("A#F#")).toEqual({ corrections: ["ZIP code corrected"], problems: ["Address not found"] });
    expect(splitFootnotes("H#")).toEqual({ corrections: [], problems: ["Unit number missing"] });
    // D's meaning already says the unit is needed: the footnote does not say it twice.
    expect(splitFootnotes("H#", "D")).toEqual({ corrections: [], problems: [] });
    expect(splitFootnotes("B#M#N#")).toEqual({
      corrections: ["City or state spelling fixed", "Street spelling fixed", "Abbreviations standardized"],
      problems: [],
    });
    expect(splitFootnotes("")).toEqual({ corrections: [], problems: [] });
  });

  it("D is explained as a building whose unit is needed, not as a confirmation", () => {
    expect(DPV_MEANINGS.D).not.toMatch(/^Confirmed/);
    expect(DPV_MEANINGS.D).toMatch(/unit number is needed/);
  });
});
