"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { toCsv } from "@/lib/format/csv";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ApiProblem, fetchJson } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";
import { useFormats } from "@/lib/i18n/use-formats";

interface ImportResult {
  created: number;
  merged: number;
  errors: { line: number; input: string; field: string; error: string }[];
  unknownColumns: string[];
  refreshing: number;
}

// The columns' names a CSV file is read by: a machine's words, the same in every language.
const EXAMPLE = "name,email,address,balance,rate,type,closing date";
const MAX_CLIENTS = 2000;

function download(errors: ImportResult["errors"]) {
  const url = URL.createObjectURL(
    new Blob([toCsv(errors.map((e) => ({ line: e.line, field: e.field, error: e.error, row: e.input })))], {
      type: "text/csv",
    }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = "client-import-errors.csv";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Imports past clients from a CSV file or pasted text; shows what was added, merged, and each row's problem. */
export function ImportClients() {
  const t = useTranslations("ImportClients");
  const f = useFormats();
  const errorText = useErrorText();
  const router = useRouter();
  const [csv, setCsv] = useState("");
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<ImportResult>();

  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setProblem(undefined);
    try {
      setResult(await fetchJson<ImportResult>("/api/clients/import", { body: { csv } }));
      router.refresh();
    } catch (error) {
      setResult(undefined);
      setProblem(errorText(ApiProblem.from(error)));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor="clients-csv" className="block text-sm font-medium">
          {t("csvLabel", { max: f.count(MAX_CLIENTS) })}
        </label>
        <p id="clients-csv-hint" className="text-xs text-slate-600">
          {t.rich("hint", { example: EXAMPLE, code: (chunks) => <code>{chunks}</code> })}
        </p>
        <textarea
          id="clients-csv"
          aria-describedby="clients-csv-hint"
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          rows={5}
          placeholder={EXAMPLE}
          className="w-full rounded-lg border border-slate-300 p-3 font-mono text-sm"
        />
        <div className="flex flex-wrap items-center gap-3">
          <label className="text-sm">
            <span className="mr-2">{t("loadFile")}</span>
            <input type="file" accept=".csv,text/csv" onChange={load} className="file-picker text-sm" />
          </label>
          <Button type="submit" disabled={pending || !csv.trim()}>
            {pending ? t("importing") : t("import")}
          </Button>
        </div>
      </form>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {result && (
        <div className="space-y-2">
          <p aria-live="polite" className="text-sm" data-testid="import-summary">
            {[
              t("summary", { created: result.created, merged: result.merged, errors: result.errors.length }),
              result.unknownColumns.length > 0
                ? t("unknownColumns", { columns: result.unknownColumns.join(", ") })
                : "",
              result.refreshing > 0 ? t("refreshing", { count: result.refreshing }) : "",
            ]
              .filter(Boolean)
              .join(" ")}
          </p>
          {result.errors.length > 0 && (
            <>
              <button
                type="button"
                onClick={() => download(result.errors)}
                className="text-sm font-semibold text-brand-700 underline"
              >
                {t("downloadErrors")}
              </button>
              <DataTable
                label={t("rowsNotImported")}
                caption={t("rowsNotImported")}
                columns={[t("line"), t("field"), t("problem")]}
              >
                {result.errors.map((e) => (
                  <tr key={e.line} className="border-b border-slate-100" data-testid="import-error">
                    <td className="p-2">{e.line}</td>
                    <td className="p-2">{e.field}</td>
                    <td className="p-2 text-red-700">{e.error}</td>
                  </tr>
                ))}
              </DataTable>
            </>
          )}
        </div>
      )}
    </div>
  );
}
