import { describe, expect, it } from "vitest";
import { humanFieldErrors, missingFields } from "./person-fields";

describe("the onboarding's field messages", () => {
  it("say what to enter, for the empty fields only", () => {
    expect(missingFields({ firstName: " ", lastName: "Lindqvist", address: "" })).toEqual({
      firstName: "Enter your first name",
      address: "Enter your home address",
    });
    expect(
      missingFields({ firstName: "Patrick", lastName: "Lindqvist", address: "2800 N 24th St, Phoenix, AZ 85008" }),
    ).toEqual({});
  });

  it("turn the API's field codes into words", () => {
    expect(
      humanFieldErrors({
        firstName: "firstName is required",
        lastName: "does not match the owner names on the deed",
        other: "x",
      }),
    ).toEqual({
      firstName: "Enter your first name",
      lastName: "Does not match the owner names on the deed",
    });
    expect(humanFieldErrors(undefined)).toEqual({});
  });
});
