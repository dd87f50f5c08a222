import { describe, expect, it } from "vitest";
import { phoneDisplay } from "./phone";

describe("phoneDisplay", () => {
  it.each([
    ["+15125550142", "(512) 555-0142", "tel:+15125550142"],
    ["512-555-0142", "(512) 555-0142", "tel:+15125550142"],
    ["+525512345678", "+52 55 1234 5678", "tel:+525512345678"],
  ])("%s reads %s and calls %s", (stored, text, href) => {
    expect(phoneDisplay(stored)).toEqual({ text, href });
  });

  it("shows what is not a phone number as it is, with nothing to call", () => {
    expect(phoneDisplay("call the office")).toEqual({ text: "call the office", href: null });
  });

  it("has nothing to show for no number", () => {
    expect(phoneDisplay(null)).toBeNull();
    expect(phoneDisplay("")).toBeNull();
  });
});
