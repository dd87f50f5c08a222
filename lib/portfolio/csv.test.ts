import { describe, expect, it } from "vitest";
import { personKeyOf, readClientsCsv } from "./csv";

describe("reading a CSV of past clients", () => {
  it("reads names, addresses on one line or in columns, and the loan when known", () => {
    const read = readClientsCsv(
      [
        "Name,Email,Address,Loan Balance,Rate,Loan Type,Closing Date",
        '"Patrick Lindqvist",pat@example.com,"2800 north 24th street, phoenix, az 85016","$245,000",6.875%,Conventional,6/30/2021',
        '"Lindqvist, Anna",,"2800 N 24th St, Phoenix, AZ 85016",,,,',
      ].join("\n"),
    );
    if ("error" in read) throw new Error(read.error);
    expect(read.rows).toEqual([
      {
        line: 2,
        input: expect.any(String),
        client: {
          firstName: "Patrick",
          lastName: "Lindqvist",
          email: "pat@example.com",
          phone: null,
          address: { street: "2800 N 24TH ST", city: "PHOENIX", state: "AZ", zip: "85016" },
          loanBalance: 245_000,
          noteRate: 6.875,
          loanType: "conventional",
          closingDate: "2021-06-30",
          termMonths: null,
          originalLoanAmount: null,
          originalValue: null,
          mortgageInsurance: null,
        },
      },
      expect.objectContaining({
        line: 3,
        client: expect.objectContaining({ firstName: "Anna", lastName: "Lindqvist", email: null, loanBalance: null }),
      }),
    ]);
    const columns = readClientsCsv(
      "first name,last name,street,city,state,zip,notes\nAnn,Lee,1 Main St,Austin,TX,78701,hi",
    );
    if ("error" in columns) throw new Error(columns.error);
    expect(columns.rows[0]).toMatchObject({
      client: { address: { street: "1 Main St", city: "Austin", state: "TX", zip: "78701" } },
    });
    expect(columns.unknownColumns).toEqual(["notes"]);
    // A header that is the name of an object's own property is no field either.
    const odd = readClientsCsv("name,address,constructor,__proto__\nAnn Lee,1 Main St Austin TX 78701,x,y");
    expect("error" in odd ? odd.error : odd.unknownColumns).toEqual(["constructor", "__proto__"]);
  });

  it("says which field of which row is wrong, and reads the other rows", () => {
    const read = readClientsCsv(
      [
        "name,email,address,balance,rate,type,closing date",
        "Cher,,1 Main St Austin TX 78701,,,,",
        "Ann Lee,not-an-email,1 Main St Austin TX 78701,,,,",
        "Ann Lee,,,,,,",
        "Ann Lee,,1 Main St Austin TX 78701,lots,,,",
        "Ann Lee,,1 Main St Austin TX 78701,,99,,",
        "Ann Lee,,1 Main St Austin TX 78701,,,balloon,",
        "Ann Lee,,1 Main St Austin TX 78701,,,,2999-01-01",
        "Ann Lee,,1 Main St Austin TX 78701,,,,",
      ].join("\n"),
    );
    if ("error" in read) throw new Error(read.error);
    expect(read.rows.map((row) => ("error" in row ? `${row.line} ${row.field}` : `${row.line} ok`))).toEqual([
      "2 name",
      "3 email",
      "4 address",
      "5 balance",
      "6 rate",
      "7 type",
      "8 closingDate",
      "9 ok",
    ]);
  });

  it("lists every wrong field of a row at once", () => {
    const read = readClientsCsv(
      "name,email,address,balance,rate,mortgage_insurance\nAnn Lee,nope,1 Main St Austin TX 78701,lots,99,maybe",
    );
    if ("error" in read) throw new Error(read.error);
    expect(read.rows[0]).toMatchObject({
      field: "email, balance, rate, mortgageInsurance",
      error:
        "email is not an email address; balance must be an amount in dollars, such as 245000; rate must be a note rate in percent, such as 6.875; mortgageInsurance must be yes or no",
    });
  });

  it("reads the loan's original amount, the original value or purchase price, and mortgage insurance", () => {
    const read = readClientsCsv(
      [
        "name,address,original_loan_amount,Purchase Price,Mortgage-Insurance",
        'Ann Lee,1 Main St Austin TX 78701,"$386,000",400000,Yes',
        "Bo Lee,1 Main St Austin TX 78701,,,no",
        "Cy Lee,1 Main St Austin TX 78701,400000,300000,",
      ].join("\n"),
    );
    if ("error" in read) throw new Error(read.error);
    expect(read.unknownColumns).toEqual([]);
    expect(read.rows[0]).toMatchObject({
      client: { originalLoanAmount: 386_000, originalValue: 400_000, mortgageInsurance: true },
    });
    expect(read.rows[1]).toMatchObject({
      client: { originalLoanAmount: null, originalValue: null, mortgageInsurance: false },
    });
    // 386,000 of 400,000 is fine; 400,000 on a 300,000 home is the two columns swapped.
    expect(read.rows[2]).toMatchObject({ field: "originalLoanAmount" });
  });

  it("reads the phone under the headers people use, stored as E.164", () => {
    const cases: [header: string, cell: string, phone: string | null][] = [
      ["phone", "(512) 555-0142", "+15125550142"],
      ["Phone Number", "512-555-0142", "+15125550142"],
      ["cell", "512.555.0142", "+15125550142"],
      ["Mobile", "+1 512 555 0142", "+15125550142"],
      ["home_phone", "5125550142", "+15125550142"],
      ["Cell Phone", "+44 20 7946 0958", "+442079460958"],
      // As the export writes it: after an apostrophe, so that no spreadsheet reads it as a formula.
      ["phone", "'+15125550142", "+15125550142"],
      ["telephone", "", null],
    ];
    for (const [header, cell, phone] of cases) {
      const read = readClientsCsv(`name,address,${header}\nAnn Lee,1 Main St Austin TX 78701,"${cell}"`);
      if ("error" in read) throw new Error(read.error);
      expect(read.unknownColumns, header).toEqual([]);
      expect(read.rows[0], `${header}: ${cell}`).toMatchObject({ client: { phone } });
    }
  });

  it("says a phone that is no phone number is the row's error, naming the field", () => {
    for (const cell of ["555-0142", "call me", "12"]) {
      const read = readClientsCsv(`name,address,phone\nAnn Lee,1 Main St Austin TX 78701,${cell}`);
      if ("error" in read) throw new Error(read.error);
      expect(read.rows[0], cell).toMatchObject({
        field: "phone",
        error: "phone is not a phone number, such as (512) 555-0142",
      });
    }
  });

  it("reads the loan's term in months: by the header's unit, the cell's, or a plain number's size", () => {
    const cases: [header: string, cell: string, months: number | null | "error"][] = [
      ["term", "360", 360],
      ["term", "30", 360],
      ["Loan Term", "15", 180],
      ["loan term", "180", 180],
      ["term", "40", 480],
      ["term", "60", 60],
      ["term", "45", "error"],
      ["term", "30 years", 360],
      ["term", "360 months", 360],
      ["term", "15yr", 180],
      ["Term (Months)", "360", 360],
      ["term_months", "240", 240],
      ["Term (Years)", "30", 360],
      ["term years", "20", 240],
      ["term years", "360", "error"],
      ["term (months)", "6", "error"],
      ["term", "0", "error"],
      ["term", "500", "error"],
      ["term", "29.7", "error"],
      ["term", "360.5", "error"],
      ["term", "thirty", "error"],
      ["term", "", null],
    ];
    for (const [header, cell, months] of cases) {
      const read = readClientsCsv(`name,address,${header}\nAnn Lee,1 Main St Austin TX 78701,${cell}`);
      if ("error" in read) throw new Error(read.error);
      expect(read.unknownColumns, header).toEqual([]);
      expect(read.rows[0], `${header}: ${cell}`).toMatchObject(
        months === "error"
          ? { field: "termMonths", error: "termMonths must be the loan's term in months (360) or years (30 years)" }
          : { client: { termMonths: months } },
      );
    }
  });

  it("refuses a file without the columns it needs", () => {
    expect(readClientsCsv("")).toEqual({ error: expect.stringMatching(/empty/) });
    expect(readClientsCsv("email,city\na@b.co,1")).toEqual({ error: expect.stringMatching(/header row/) });
  });

  it("names a person the same whatever the case and spacing", () => {
    expect(personKeyOf({ firstName: " ann  marie", lastName: "Lee " })).toBe("ANN MARIE LEE");
  });
});
