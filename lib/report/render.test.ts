import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDataset } from "@/lib/sandbox/dataset";
import { buildReport } from "@/lib/sandbox/report/model";
import { renderReportFile } from "./render";

const dataset = getDataset();
const example = dataset.byKey.get("2800 N 24TH ST, PHOENIX, AZ 85008")!;
// The service's JSON answer, as the app receives it.
const json = Buffer.from(JSON.stringify(buildReport(dataset, example, "Ada Byron")), "utf8");
const dir = mkdtempSync(join(tmpdir(), "report-render-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a report rendered by the app from the service's JSON", () => {
  it("is a Spanish PDF whose text keeps its accents", async () => {
    const file = await renderReportFile(json, "pdf", "es");
    expect(file?.contentType).toBe("application/pdf");
    const path = join(dir, "es.pdf");
    writeFileSync(path, file!.body);
    const text = execFileSync("pdftotext", [path, "-"]).toString();
    expect(text).toContain("Informe de la propiedad");
    expect(text).toContain("Tamaño del terreno");
    expect(text).toContain("Valoración proporcionada por");
  });

  it("is a Spanish HTML page", async () => {
    const file = await renderReportFile(json, "html", "es");
    expect(file?.contentType).toBe("text/html; charset=utf-8");
    expect(Buffer.from(file!.body).toString("utf8")).toContain('<html lang="es">');
  });

  it("is nothing when the answer is not a report", async () => {
    expect(await renderReportFile(Buffer.from("not json"), "pdf", "es")).toBeUndefined();
    expect(await renderReportFile(Buffer.from('{"title":"x"}'), "html", "es")).toBeUndefined();
  });
});
