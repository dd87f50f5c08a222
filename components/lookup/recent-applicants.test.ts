import { describe, expect, it } from "vitest";
import { applicantKey, recallApplicant, rememberApplicant } from "./recent-applicants";

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("the applicant of a recent lookup", () => {
  it("is found again by the address the sidebar links to, whatever the spelling's case, spacing or ZIP+4", () => {
    const store = memoryStore();
    rememberApplicant(store, ["2633 n 26th st, phoenix, az 85008", "2633 N 26th St, Phoenix, AZ 85008-1234"], " Samantha Jones ");
    expect(recallApplicant(store, "2633 N 26th St, Phoenix, AZ 85008")).toBe("Samantha Jones");
    expect(recallApplicant(store, "2800 N 24th St, Phoenix, AZ 85008")).toBeUndefined();
    expect(applicantKey("2633  N 26th St, Phoenix, AZ 85008-1234")).toBe("2633 N 26TH ST, PHOENIX, AZ 85008");
  });

  it("keeps the latest name, forgets nothing for an empty one, and survives a damaged store", () => {
    const store = memoryStore();
    rememberApplicant(store, ["A"], "First");
    rememberApplicant(store, ["A"], "Second");
    rememberApplicant(store, ["A"], "  ");
    expect(recallApplicant(store, "a")).toBe("Second");
    store.setItem("lookup-applicants", "{not json");
    expect(recallApplicant(store, "a")).toBeUndefined();
  });
});
