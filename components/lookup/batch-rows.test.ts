import { describe, expect, it } from "vitest";
import type { NormalizedAddressDto } from "@/lib/services/homes/dto";
import { translator } from "@/lib/i18n/messages";
import { isHeader, outcomeOf, readRows, summarize, type BatchRow } from "./batch-rows";

describe("readRows", () => {
  it("keeps a first line that merely mentions a street, numbered 1", () => {
    const rows = readRows("2800 N 24th Street, Phoenix, AZ 85008\n2605 N 24th St, Phoenix, AZ 85008");
    expect(rows.map((r) => [r.line, r.input])).toEqual([
      [1, "2800 N 24th Street, Phoenix, AZ 85008"],
      [2, "2605 N 24th St, Phoenix, AZ 85008"],
    ]);
    expect(rows[0]!.request).toEqual({ street: "2800 N 24TH ST", city: "PHOENIX", state: "AZ", zip: "85008" });
  });

  it("skips a header only when it names the columns", () => {
    expect(isHeader(["Street", "City", "State", "Zip"])).toBe(true);
    expect(isHeader(["address", "zip code"])).toBe(true);
    expect(isHeader(["12 Street Rd", "Springfield", "IL", "62701"])).toBe(false);
    const rows = readRows("street,city,state,zip\n2800 N 24th St,Phoenix,AZ,85008");
    expect(rows).toEqual([
      {
        line: 1,
        input: "2800 N 24th St, Phoenix, AZ, 85008",
        request: { street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" },
      },
    ]);
  });

  it("takes a line without a ZIP code, as a single lookup does, and writes the input without double spaces", () => {
    const [row] = readRows("416 W Mary St, Austin TX");
    expect(row).toEqual({
      line: 1,
      input: "416 W Mary St, Austin TX",
      request: { street: "416 W MARY ST", city: "AUSTIN", state: "TX", zip: "" },
    });
  });

  it("says so when a line's state does not exist, in a line or in CSV columns", () => {
    const rows = readRows("12 Main St, Atlantis, ZZ 00000\n12 Main St,Atlantis,ZZ,00000\n12 Main St, Atlantis zz");
    expect(rows.map((row) => row.problem)).toEqual([
      { kind: "no_such_state", state: "ZZ" },
      { kind: "no_such_state", state: "ZZ" },
      { kind: "no_such_state", state: "zz" },
    ]);
    expect(rows.map(outcomeOf)).toEqual(["error", "error", "error"]);
    expect(readRows("416 W Mary St, Austin TX")[0]!.problem).toBeUndefined();
  });

  it("refuses a line without a city and state", () => {
    expect(readRows("just some words")[0]!.problem).toEqual({ kind: "unreadable" });
  });

  it("says a line's problem in the reader's language", () => {
    const en = translator("en", "BatchLookup");
    const es = translator("es", "BatchLookup");
    expect(en("noSuchState", { state: "ZZ" })).toBe(
      "The state “ZZ” does not exist: write a US state's two-letter code, such as AZ for Arizona.",
    );
    expect(es("noSuchState", { state: "ZZ" })).toContain("El estado “ZZ” no existe");
    expect(en("unreadable")).toMatch(/street, city and state/);
  });
});

describe("summarize", () => {
  const result = (code: string): NormalizedAddressDto =>
    ({ ok: true, deliverability: { code, meaning: "", notes: [] } }) as unknown as NormalizedAddressDto;
  it("counts undeliverable rows apart from the standardized ones", () => {
    const rows: BatchRow[] = [
      { line: 1, input: "a", result: result("Y") },
      { line: 2, input: "b", result: result("N") },
      { line: 3, input: "c", error: "x" },
      { line: 4, input: "d", result: result("S") },
    ];
    expect(summarize(rows)).toEqual({ confirmed: 2, unconfirmed: 1, errors: 1 });
    expect(summarize(rows.filter((r) => r.line !== 2))).toEqual({ confirmed: 2, unconfirmed: 0, errors: 1 });
    const en = translator("en", "BatchLookup");
    expect(en("summary", summarize(rows))).toBe("2 standardized, 1 not confirmed, 1 with errors.");
    expect(en("summary", summarize(rows.filter((r) => r.line !== 2)))).toBe("2 standardized, 1 with errors.");
    expect(translator("es", "BatchLookup")("summary", summarize(rows))).toBe(
      "2 estandarizadas, 1 sin confirmar, 1 con errores.",
    );
  });
});
