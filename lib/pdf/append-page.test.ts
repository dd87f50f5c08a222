import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { appendPage } from "./append-page";

function twoPages(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.text("First page");
  doc.addPage().text("Second page");
  doc.end();
  return done;
}

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("appendPage", () => {
  it.skipIf(!hasPdftotext)("adds a last page a PDF reader finds, keeping the pages before it", async () => {
    const original = await twoPages();
    const out = appendPage(original, {
      lines: [
        { text: "Your loan officer", bold: true },
        { text: "NMLS ID 1234567", url: "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/1234567" },
        { text: "Equal Housing Opportunity – fair lending" },
      ],
      logoBesideLine: 2,
    })!;
    expect(out.subarray(0, original.byteLength).equals(original)).toBe(true);
    const file = join(mkdtempSync(join(tmpdir(), "pdf-")), "out.pdf");
    writeFileSync(file, out);
    expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Pages:\s+3/);
    const text = execFileSync("pdftotext", [file, "-"]).toString();
    expect(text.indexOf("Second page")).toBeLessThan(text.indexOf("NMLS ID 1234567"));
    expect(text).toContain("Equal Housing Opportunity - fair lending");
  });

  it("gives up (null) on a file without a classic cross-reference table", () => {
    expect(appendPage(Buffer.from("%PDF-1.7\nnot really\n%%EOF"), { lines: [{ text: "x" }] })).toBeNull();
  });
});
