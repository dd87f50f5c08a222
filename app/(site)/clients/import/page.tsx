import type { Route } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AddClient } from "@/components/clients/add-client";
import { ExportClientsButton } from "@/components/clients/export-clients";
import { ImportClients } from "@/components/clients/import-clients";
import { requirePageUser } from "@/lib/api/page";
import { STAFF } from "@/lib/auth/roles";

export async function generateMetadata() {
  const t = await getTranslations("ClientTools");
  return { title: t("title") };
}

/**
 * What the officer does to the list rather than with a client: import a CSV, add one by hand, download the list. A
 * page of its own, so that on a phone `/clients` opens on the clients. It shows no client's record (the import's and
 * the download's own requests are logged as theirs).
 */
export default async function ClientToolsPage() {
  await requirePageUser(STAFF, "/clients/import");
  const t = await getTranslations("ClientTools");
  const clients = await getTranslations("Clients");
  const box = "space-y-3 rounded-2xl border border-slate-200 bg-white p-4 md:p-5";
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href={"/clients" as Route} className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="text-3xl font-bold">{t("title")}</h1>
      </div>
      <section aria-labelledby="import-title" className={box}>
        <h2 id="import-title" className="text-lg font-semibold">
          {clients("importTitle")}
        </h2>
        <ImportClients />
      </section>
      <section aria-labelledby="add-title" className={box}>
        <h2 id="add-title" className="text-lg font-semibold">
          {clients("addTitle")}
        </h2>
        <AddClient />
      </section>
      <section aria-labelledby="export-title" className={box}>
        <h2 id="export-title" className="text-lg font-semibold">
          {t("exportTitle")}
        </h2>
        <p className="text-sm text-slate-700">{t("exportText")}</p>
        <ExportClientsButton />
      </section>
    </div>
  );
}
