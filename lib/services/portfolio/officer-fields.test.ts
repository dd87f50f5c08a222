import { describe, expect, it } from "vitest";
import { AssignOfficerForm, nmlsLink, OfficerProfileInput, OrganizationInput, SiteOfficerForm } from "./officer-fields";

const parse = (input: Record<string, unknown>) => OfficerProfileInput.safeParse(input);
const fieldsOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
};

describe("an officer's card fields", () => {
  it("formats a US number as typed into E.164, and keeps an international one", () => {
    expect(parse({ phone: "(206) 555-0123" }).data?.phone).toBe("+12065550123");
    expect(parse({ phone: "206.555.0123" }).data?.phone).toBe("+12065550123");
    expect(parse({ phone: "+44 20 7946 0958" }).data?.phone).toBe("+442079460958");
  });

  it("refuses a phone number that is not one, naming phone", () => {
    expect(fieldsOf({ phone: "555" })).toEqual(["phone"]);
    expect(fieldsOf({ phone: "call me" })).toEqual(["phone"]);
  });

  it("takes NMLS IDs of 1 to 12 digits only", () => {
    expect(parse({ nmlsId: " 1234567 " }).data?.nmlsId).toBe("1234567");
    expect(fieldsOf({ nmlsId: "NMLS123" })).toEqual(["nmlsId"]);
    expect(fieldsOf({ nmlsId: "12 34" })).toEqual(["nmlsId"]);
    expect(fieldsOf({ nmlsId: "1234567890123" })).toEqual(["nmlsId"]);
  });

  it("takes https booking links only", () => {
    expect(parse({ bookingUrl: "https://cal.example.com/me" }).data?.bookingUrl).toBe("https://cal.example.com/me");
    expect(fieldsOf({ bookingUrl: "http://cal.example.com/me" })).toEqual(["bookingUrl"]);
    expect(fieldsOf({ bookingUrl: "javascript:alert(1)" })).toEqual(["bookingUrl"]);
  });

  it("clears a blank field and checks the email", () => {
    expect(parse({ phone: "", nmlsId: "", title: "  " }).data).toMatchObject({
      phone: null,
      nmlsId: null,
      title: null,
    });
    expect(fieldsOf({ email: "not an email" })).toEqual(["email"]);
  });

  it("checks the company's NMLS ID as the officer's", () => {
    expect(OrganizationInput.safeParse({ nmlsId: "12a" }).success).toBe(false);
    expect(OrganizationInput.safeParse({ nmlsId: "7654321", companyName: "Lender" }).data).toMatchObject({
      nmlsId: "7654321",
      defaultOfficerId: null,
    });
  });

  it("links to NMLS Consumer Access for a person and a company", () => {
    expect(nmlsLink("INDIVIDUAL", "123")).toBe("https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/123");
    expect(nmlsLink("COMPANY", "456")).toBe("https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/456");
  });
});

describe("the admin's officer forms", () => {
  it("reads a chosen officer as an id and none as null", () => {
    expect(AssignOfficerForm.safeParse({ email: " Ann@Example.com ", officerId: "12" }).data).toEqual({
      email: "Ann@Example.com",
      officerId: 12,
    });
    expect(AssignOfficerForm.safeParse({ email: "ann@example.com", officerId: "" }).data?.officerId).toBeNull();
    expect(SiteOfficerForm.safeParse({ siteId: "3", officerId: "7" }).data).toEqual({ siteId: 3, officerId: 7 });
  });

  it("refuses an email that is none and an officer that is no id", () => {
    expect(AssignOfficerForm.safeParse({ email: "ann", officerId: "" }).error?.issues[0]?.path).toEqual(["email"]);
    expect(SiteOfficerForm.safeParse({ siteId: "3", officerId: "x" }).error?.issues[0]?.path).toEqual(["officerId"]);
  });
});
