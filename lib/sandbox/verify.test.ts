import { describe, expect, it } from "vitest";
import { getDataset, type Property } from "./dataset";
import type { Owner, Person } from "./dataset/types";
import { nameScore, VERIFIED_THRESHOLD, verifyOwner } from "./verify";

const person = (first: string, last: string, middle = "", suffix = ""): Person => ({
  kind: "person",
  first,
  last,
  middle,
  suffix,
});
const base = getDataset().properties.find((p) => p.kind === "SFR")!;
const owned = (...owners: Owner[]): Property => ({ ...base, owners });

describe("name matching", () => {
  const robert = person("ROBERT", "SMITH", "J");
  it.each([
    ["exact", "Robert", "Smith", 1],
    ["case and punctuation", "robert j.", "SMITH", 1],
    ["nickname", "Bob", "Smith", 0.93],
    ["other order (SMITH ROBERT)", "Smith", "Robert", 0.95],
    ["initial only", "R", "Smith", 0.72],
    ["conflicting middle initial", "Robert K", "Smith", 0.9],
    ["generational suffix ignored", "Robert", "Smith Jr", 1],
    ["shared last name only", "Alice", "Smith", 0.3],
    ["stranger", "Maria", "Lopez", 0],
  ])("%s", (_, first, last, expected) => {
    expect(nameScore(first, last, robert)).toBeCloseTo(expected, 2);
  });

  it("reads hyphenated and compound last names", () => {
    const liz = person("ELIZABETH", "GARCIA-LOPEZ");
    expect(nameScore("Liz", "Garcia-Lopez", liz)).toBeCloseTo(0.93, 2);
    expect(nameScore("Elizabeth", "Garcia", liz)).toBeCloseTo(0.85, 2);
    expect(nameScore("Elizabeth", "Lopez", liz)).toBeCloseTo(0.85, 2);
    const maria = person("MARIA", "DE LA CRUZ");
    expect(nameScore("Maria", "De La Cruz", maria)).toBe(1);
    expect(nameScore("Maria", "Delacruz", maria)).toBe(1);
    expect(nameScore("Sean", "O'Brien", person("SEAN", "OBRIEN"))).toBe(1);
  });

  it("forgives one typo in a long last name, not in a short one", () => {
    expect(nameScore("Robert", "Smiht", person("ROBERT", "SMITH"))).toBeCloseTo(0.8, 2);
    expect(nameScore("Wei", "Lin", person("WEI", "LEE"))).toBe(0);
  });

  it("places the documented threshold between a nickname and a shared surname", () => {
    expect(nameScore("Bob", "Smith", person("ROBERT", "SMITH"))).toBeGreaterThanOrEqual(VERIFIED_THRESHOLD);
    expect(nameScore("Alice", "Smith", person("ROBERT", "SMITH"))).toBeLessThan(VERIFIED_THRESHOLD);
  });
});

describe("homeowner verification", () => {
  it("verifies either of joint owners, and a couple written together", () => {
    const property = owned(person("JOHN", "SMITH"), person("MARY", "SMITH", "A"));
    expect(verifyOwner(property, "Mary", "Smith")["Owner Verification"]).toMatchObject({
      isVerified: true,
      matchScore: 1,
    });
    expect(verifyOwner(property, "John & Mary", "Smith")["Owner Verification"].isVerified).toBe(true);
    expect(verifyOwner(property, "Peter", "Smith")["Owner Verification"]).toMatchObject({
      isVerified: false,
      matchScore: 0.3,
    });
  });

  it("never verifies a person as a company, and says a company owns it", () => {
    const property = owned({ kind: "corporation", name: "SUNRISE HOLDINGS LLC", trustees: [] });
    const result = verifyOwner(property, "Sunrise", "Holdings LLC");
    expect(result["Owner Verification"]).toMatchObject({ isVerified: false, matchScore: 0, corporation: true });
    expect(result["Owner Names"].owner1).toEqual({ lastname: "SUNRISE HOLDINGS LLC", firstnameandmi: "" });
  });

  it("verifies the trustees of a trust", () => {
    const property = owned({
      kind: "trust",
      name: "SMITH FAMILY TRUST",
      trustees: [person("ROBERT", "SMITH", "J"), person("ANN", "SMITH")],
    });
    const result = verifyOwner(property, "Ann", "Smith");
    expect(result["Owner Verification"]).toMatchObject({ isVerified: true, corporation: false });
    expect(result["Owner Names"]).toEqual({
      owner1: { lastname: "SMITH FAMILY TRUST", firstnameandmi: "" },
      owner2: { lastname: "SMITH", firstnameandmi: "ROBERT J" },
      owner3: { lastname: "SMITH", firstnameandmi: "ANN" },
      owner4: {},
    });
  });

  it("lists at most four owners, with empty objects for unused slots", () => {
    const one = verifyOwner(owned(person("ADA", "BYRON")), "Ada", "Byron")["Owner Names"];
    expect(one).toEqual({ owner1: { lastname: "BYRON", firstnameandmi: "ADA" }, owner2: {}, owner3: {}, owner4: {} });
    const five = owned(...["A", "B", "C", "D", "E"].map((first) => person(first, "FIVE")));
    expect(Object.keys(verifyOwner(five, "A", "Five")["Owner Names"])).toEqual([
      "owner1",
      "owner2",
      "owner3",
      "owner4",
    ]);
  });
});
