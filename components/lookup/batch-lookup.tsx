"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { fetchJson, type ApiProblem } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import type { NormalizedAddressDto } from "@/lib/services/homes/dto";
import { useAddressCodes } from "./address-codes";
import { outcomeOf, readRows, summarize, type BatchRow as Row, type RowProblem } from "./batch-rows";
import { toCsv } from "@/lib/format/csv";

export const MAX_BATCH = 100;

function download(rows: Row[]) {
  const csv = toCsv(
    rows.map((r) => ({
      line: r.line,
      input: r.input,
      standardized: r.result?.ok ? r.result.oneLine : "",
      deliverability: r.result?.deliverability.code ?? "",
      confirmed: outcomeOf(r) === "confirmed" ? "yes" : "no",
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
  const t = useTranslations("BatchLookup");
  const errorText = useErrorText();
  const codes = useAddressCodes();
  const router = useRouter();
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
    // The sidebar's billable calls and recent lookups include this batch now.
    onSuccess: () => router.refresh(),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const say = (problem: RowProblem) =>
      problem.kind === "no_such_state" ? t("noSuchState", { state: problem.state }) : t("unreadable");
    const rows = readRows(text).map((row) => (row.problem ? { ...row, error: say(row.problem) } : row));
    if (rows.length === 0) return setProblem(t("noAddress"));
    if (rows.length > MAX_BATCH) return setProblem(t("tooMany", { max: MAX_BATCH, count: rows.length }));
    setProblem(undefined);
    batch.mutate(rows);
  }

  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  }

  const rows = batch.data;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor="batch-addresses" className="block text-sm font-medium">
          {t("label", { max: MAX_BATCH })}
        </label>
        <textarea
          id="batch-addresses"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          className="w-full rounded-lg border border-slate-300 p-3 font-mono text-sm"
        />
        <div className="flex flex-wrap items-center gap-3">
          <label className="text-sm">
            <span className="mr-2">{t("loadFile")}</span>
            <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={load} className="file-picker" />
          </label>
          <Button type="submit" disabled={batch.isPending}>
            {batch.isPending ? t("standardizing") : t("standardizeAll")}
          </Button>
        </div>
      </form>
      {(problem || batch.error) && (
        <p role="alert" className="text-sm text-red-700">
          {problem ?? (batch.error ? errorText(batch.error) : null)}
        </p>
      )}
      {rows && (
        <div className="space-y-2">
          <p aria-live="polite" className="text-sm">
            {t("summary", summarize(rows))}{" "}
            <button type="button" onClick={() => download(rows)} className="font-semibold text-brand-700 underline">
              {t("download")}
            </button>
          </p>
          <DataTable
            label={t("caption")}
            caption={t("caption")}
            columns={["#", t("asTyped"), t("standardized"), t("deliveryPoint")]}
          >
            {rows.map((r) => (
              <tr
                key={r.line}
                className="border-b border-slate-100"
                data-testid={
                  { confirmed: "batch-ok", "not-confirmed": "batch-unconfirmed", error: "batch-error" }[outcomeOf(r)]
                }
              >
                <td className="p-2">{r.line}</td>
                <td className="p-2">{r.input}</td>
                <td className="p-2">{r.error ? <span className="text-red-700">{r.error}</span> : r.result?.oneLine}</td>
                <td className={`p-2 ${outcomeOf(r) === "not-confirmed" ? "text-red-700" : ""}`}>
                  {r.result?.ok ? codes.meaning(r.result.deliverability) : ""}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </div>
  );
}
