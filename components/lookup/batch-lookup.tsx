"use client";

import { useMutation } from "@tanstack/react-query";
import Papa from "papaparse";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { parseAddress } from "@/lib/address/parse";
import { streetLine } from "@/lib/address/format";
import { fetchJson, type ApiProblem } from "@/lib/client/fetch-json";
import type { NormalizedAddressDto } from "@/lib/services/dto";
import { toCsv } from "./csv";

export const MAX_BATCH = 100;

interface Row {
  line: number;
  input: string;
  request?: { street: string; city: string; state: string; zip: string };
  result?: NormalizedAddressDto;
  error?: string;
}

/** Rows of `street, city, state zip` lines, or CSV with street, city, state and zip columns (a header is skipped). */
export function readRows(text: string): Row[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  return parsed.data
    .filter((cells, i) => !(i === 0 && /street/i.test(cells[0] ?? "")))
    .map((cells, i) => {
      const input = cells.join(", ");
      if (cells.length >= 4 && cells.slice(0, 4).every((c) => c.trim())) {
        const [street, city, state, zip] = cells.map((c) => c.trim()) as [string, string, string, string];
        return { line: i + 1, input, request: { street, city, state, zip } };
      }
      const parts = parseAddress(input);
      if (!parts.name || !parts.city || !parts.state || !parts.zip) {
        return { line: i + 1, input, error: "Could not read a street, city, state and ZIP code in this line." };
      }
      return { line: i + 1, input, request: { street: streetLine(parts), city: parts.city, state: parts.state, zip: parts.zip } };
    });
}

function download(rows: Row[]) {
  const csv = toCsv(
    rows.map((r) => ({
      line: r.line,
      input: r.input,
      standardized: r.result?.ok ? r.result.oneLine : "",
      deliverability: r.result?.deliverability.code ?? "",
      county: r.result?.county ?? "",
      latitude: r.result?.latitude ?? "",
      longitude: r.result?.longitude ?? "",
      error: r.error ?? (r.result && !r.result.ok ? r.result.error : ""),
    })),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "normalized-addresses.csv";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BatchLookup() {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const batch = useMutation<Row[], ApiProblem, Row[]>({
    mutationFn: async (rows) => {
      const sendable = rows.filter((r) => r.request);
      if (sendable.length === 0) return rows;
      const { addresses } = await fetchJson<{ addresses: NormalizedAddressDto[] }>("/api/address/normalize", {
        body: { requests: sendable.map((r) => ({ ...r.request, requestId: String(r.line) })) },
      });
      const byLine = new Map(addresses.map((a) => [a.requestId, a]));
      return rows.map((r) => {
        const result = byLine.get(String(r.line));
        return result && !result.ok ? { ...r, result, error: result.error } : { ...r, result };
      });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const rows = readRows(text);
    if (rows.length === 0) return setProblem("Paste at least one address.");
    if (rows.length > MAX_BATCH) return setProblem(`At most ${MAX_BATCH} addresses at a time; this has ${rows.length}.`);
    setProblem(undefined);
    batch.mutate(rows);
  }

  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  }

  const rows = batch.data;
  const errors = rows?.filter((r) => r.error).length ?? 0;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor="batch-addresses" className="block text-sm font-medium">
          Addresses, one per line (or CSV with street, city, state, zip), up to {MAX_BATCH}
        </label>
        <textarea id="batch-addresses" value={text} onChange={(e) => setText(e.target.value)} rows={6} className="w-full rounded-lg border border-slate-300 p-3 font-mono text-sm" />
        <div className="flex flex-wrap items-center gap-3">
          <label className="text-sm">
            <span className="mr-2">Or load a file</span>
            <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={load} className="text-sm" />
          </label>
          <Button type="submit" disabled={batch.isPending}>
            {batch.isPending ? "Standardizing…" : "Standardize all"}
          </Button>
        </div>
      </form>
      {(problem || batch.error) && (
        <p role="alert" className="text-sm text-red-700">
          {problem ?? batch.error?.message}
        </p>
      )}
      {rows && (
        <div className="space-y-2">
          <p aria-live="polite" className="text-sm">
            {rows.length - errors} standardized, {errors} with errors.{" "}
            <button type="button" onClick={() => download(rows)} className="font-semibold text-brand-700 underline">
              Download as CSV
            </button>
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Standardized addresses</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="p-2">#</th>
                  <th scope="col" className="p-2">As typed</th>
                  <th scope="col" className="p-2">Standardized</th>
                  <th scope="col" className="p-2">Delivery point</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.line} className="border-b border-slate-100" data-testid={r.error ? "batch-error" : "batch-ok"}>
                    <td className="p-2">{r.line}</td>
                    <td className="p-2">{r.input}</td>
                    <td className="p-2">{r.error ? <span className="text-red-700">{r.error}</span> : r.result?.oneLine}</td>
                    <td className="p-2">{r.result?.ok ? r.result.deliverability.meaning : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
