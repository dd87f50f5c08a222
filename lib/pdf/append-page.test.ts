import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDataset } from "@/lib/sandbox/dataset";
import { buildReport } from "@/lib/sandbox/report/model";
import { renderReportPdf } from "@/lib/sandbox/report/pdf";
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

  it.skipIf(!hasPdftotext)(
    "tags the page in a tagged PDF: a section at the end of the document's structure, with its links and figures",
    async () => {
      const report = buildReport(getDataset(), getDataset().properties[0]!, "Ada Byron");
      const original = Buffer.from(await new Response(renderReportPdf(report)).arrayBuffer());
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888888" } })
        .jpeg()
        .toBuffer();
      const out = appendPage(original, {
        lines: [
          { text: "Your loan officer", bold: true },
          { text: "Email: jo@example.com", url: "mailto:jo@example.com" },
          { text: "Equal Housing Opportunity" },
        ],
        logoBesideLine: 2,
        jpeg: { bytes: photo, width: 8, height: 8, alt: "Photo of Jo Officer" },
      })!;
      const file = join(mkdtempSync(join(tmpdir(), "pdf-")), "tagged.pdf");
      writeFileSync(file, out);
      expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Tagged:\s+yes[\s\S]*Pages:\s+\d+/);
      const tree = execFileSync("pdfinfo", ["-struct-text", file]).toString();
      // The report's structure is whole, and the card is its last section, read in order.
      expect(tree).toContain('"Property report"');
      const card = tree.slice(tree.lastIndexOf("  Sect\n"));
      const read = card
        .split("\n")
        .map((line) => line.trim().replace(/ \((block|inline)\)$/, ""))
        .filter((line) => line && !line.startsWith("Object"));
      expect(read).toEqual([
        "Sect",
        "P",
        '"Your loan officer"',
        "Figure",
        '""',
        "Link",
        '"Email: jo@example.com"',
        "Figure",
        '""',
        "P",
        '"Equal Housing Opportunity"',
      ]);
      const raw = out.toString("latin1");
      expect(raw).toContain("/Alt (Photo of Jo Officer)");
      expect(raw).toContain("/Alt (Equal Housing Opportunity logo)");
    },
  );

  it("gives up (null) on a file without a classic cross-reference table", () => {
    expect(appendPage(Buffer.from("%PDF-1.7\nnot really\n%%EOF"), { lines: [{ text: "x" }] })).toBeNull();
  });
});
