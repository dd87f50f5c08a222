import { describe, expect, it } from "vitest";
import { carriedAddress } from "./carried-address";

describe("an address carried in a link", () => {
  it("keeps a line of text", () => {
    expect(carriedAddress(" 2800 N 24th St, Phoenix, AZ 85008 ")).toBe("2800 N 24th St, Phoenix, AZ 85008");
    expect(carriedAddress(["2800 N 24th St, Phoenix, AZ", "other"])).toBe("2800 N 24th St, Phoenix, AZ");
  });

  it.each([undefined, "", "   ", "<script>", "a\nb", "x".repeat(301)])("drops %j", (value) => {
    expect(carriedAddress(value)).toBeUndefined();
  });
});
