import { describe, expect, it, vi } from "vitest";

const render = vi.hoisted(() =>
  vi.fn(async (json: Uint8Array, format: "pdf" | "html") => ({
    contentType: `application/${format}`,
    body: new Uint8Array(json.byteLength),
  })),
);
vi.mock("@/lib/report/render", () => ({ renderReportFile: render }));

const { inLanguage } = await import("./lookups");

const json = (text: string) => ({
  contentType: "application/json",
  filename: "property-report-1-main-st.json",
  body: new TextEncoder().encode(text),
  stale: false,
});

describe("a report rendered in the reader's language", () => {
  it("is rendered once per report, format and language: a download again is the same file, not the CPU's work again", async () => {
    const report = json('{"a":1}');
    const first = await inLanguage(report, "pdf", "es");
    const again = await inLanguage(json('{"a":1}'), "pdf", "es");
    expect(render).toHaveBeenCalledTimes(1);
    expect(again.body).toBe(first.body);
    expect(again.filename).toBe("property-report-1-main-st.pdf");
    await inLanguage(report, "html", "es");
    await inLanguage(json('{"a":2}'), "pdf", "es");
    expect(render).toHaveBeenCalledTimes(3);
  });
});
