import { oneLine } from "@/lib/address";
import type { Database } from "@/lib/db/client";
import {
  AvmRequest,
  CreateOwnerRequest,
  HomeEquityRequest,
  OwnerDataQuery,
  PropertyQuery,
  ReportQuery,
  VerifyHomeownerRequest,
  type Operation,
} from "@/lib/property-api";
import { getDataset, type IndexedDataset, type Property } from "./dataset";
import { createClock, loansOn, type Clock } from "./clock";
import { avmResponse, computeEquity, equityResponse } from "./equity";
import { HttpError, queryOf, readJson, validate } from "./http";
import { MAX_BATCH, normalizeBatch } from "./normalize";
import { createOwnerStore, type OwnerStore } from "./owners";
import { buildReport } from "./report/model";
import { renderReportHtml } from "@/lib/report/html";
import { renderReportPdf } from "@/lib/report/pdf";
import { findProperty } from "./resolve";
import { propertySummary } from "./summary";
import { valueLastMonth, valueProperty, type Valuation } from "./valuation";
import { verifyOwner } from "./verify";

export interface ServiceOptions {
  db: () => Promise<Database>;
  seed?: string;
  clock?: Clock;
}

type Operations = Record<Operation, (request: Request) => Promise<Response>>;

/** The eight operations of the spec over the data set; `count` records each billable request. */
export function createOperations(
  options: ServiceOptions,
  count: (operation: Operation, n?: number) => void,
): Operations {
  let dataset: IndexedDataset | undefined;
  const data = () => (dataset ??= getDataset(options.seed));
  let owners: Promise<OwnerStore> | undefined;
  const ownerStore = () => (owners ??= options.db().then((db) => createOwnerStore(db, data())));

  // The service's today: the data set's date, moved forward by the embedded clock.
  const clock = options.clock ?? createClock(options.db);
  const today = () => clock.today();

  const valuations = new Map<string, [Valuation, Valuation]>();
  const valuationOf = (property: Property, date: string): [Valuation, Valuation] => {
    let pair = valuations.get(`${property.id}@${date}`);
    if (!pair) {
      const current = valueProperty(data(), property, date);
      pair = [current, valueLastMonth(property, current)];
      valuations.set(`${property.id}@${date}`, pair);
    }
    return pair;
  };
  const propertyAt = (address: string): Property => {
    const found = findProperty(data(), address);
    if ("error" in found) throw new HttpError(found.status, found.error, found.status === 400 ? "address" : undefined);
    return found.property;
  };

  return {
    async normalizeAddresses(request) {
      const body = await readJson(request);
      // Only the envelope is checked here: each address is checked on its own, so one bad one fails alone.
      const requests =
        typeof body === "object" && body !== null ? (body as { requests?: unknown }).requests : undefined;
      if (requests === undefined) throw new HttpError(400, "requests is required", "requests");
      if (!Array.isArray(requests)) throw new HttpError(400, "requests must be an array of addresses", "requests");
      if (requests.length === 0) throw new HttpError(400, "requests must list at least one address", "requests");
      if (requests.length > MAX_BATCH)
        throw new HttpError(400, `requests may list at most ${MAX_BATCH} addresses`, "requests");
      count("normalizeAddresses", requests.length);
      return Response.json(normalizeBatch(data(), requests));
    },

    async verifyHomeowner(request) {
      const body = validate(VerifyHomeownerRequest, await readJson(request));
      count("verifyHomeowner");
      return Response.json(verifyOwner(propertyAt(body.address), body.firstName, body.lastName));
    },

    async valuationEstimate(request) {
      const body = validate(AvmRequest, await readJson(request));
      count("valuationEstimate");
      const [current, lastMonth] = valuationOf(propertyAt(body.address), await today());
      return Response.json(avmResponse(current, lastMonth));
    },

    async homeEquitySummary(request) {
      const body = validate(HomeEquityRequest, await readJson(request));
      count("homeEquitySummary");
      const property = propertyAt(body.address);
      const date = await today();
      return Response.json(
        equityResponse(computeEquity(valuationOf(property, date)[0], loansOn(property.loans, date), body.maxLTV)),
      );
    },

    async propertySummary(request) {
      const query = validate(PropertyQuery, queryOf(request));
      count("propertySummary");
      const property = propertyAt(query.address);
      const date = await today();
      return Response.json({ propertySummary: propertySummary(property, ...valuationOf(property, date), date) });
    },

    async propertyReport(request) {
      const query = validate(ReportQuery, queryOf(request));
      const format = reportFormat(request.headers.get("Accept"));
      count("propertyReport");
      const property = propertyAt(query.address);
      const date = await today();
      const report = buildReport(
        data(),
        { ...property, loans: loansOn(property.loans, date) },
        query.applicant_name.trim(),
        0.8,
        new Date(),
        date,
      );
      const name = `property-report-${oneLine(property.address)
        .replace(/[^A-Za-z0-9]+/g, "-")
        .toLowerCase()}`;
      if (format === "json") return Response.json(report);
      if (format === "html")
        return new Response(renderReportHtml(report), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      return new Response(renderReportPdf(report), {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${name}.pdf"` },
      });
    },

    async retrieveOwnerData(request) {
      const query = validate(OwnerDataQuery, queryOf(request));
      count("retrieveOwnerData");
      const store = await ownerStore();
      const owner = await store.find(query.userID);
      if (!owner) throw new HttpError(404, "No owner has that userID", "userID");
      const date = await today();
      const properties = store.propertiesOf(owner).map((property) => {
        const [current, lastMonth] = valuationOf(property, date);
        const { identifier, ...summary } = propertySummary(property, current, lastMonth, date);
        return {
          propertySummary: {
            identifier: { userId: owner.id, propertyId: property.id, fips: identifier.fips, apn: identifier.apn },
            ...summary,
          },
          ...equityResponse(computeEquity(current, loansOn(property.loans, date), 0.8)),
        };
      });
      return Response.json({ userID: owner.ownerToken, properties });
    },

    async createOwner(request) {
      const body = validate(CreateOwnerRequest, await readJson(request));
      count("createOwner");
      const property = propertyAt(body.address);
      const owner = await (await ownerStore()).create(body, property);
      return Response.json({ ownerID: owner.ownerToken });
    },
  };
}

/** Picks the report format from `Accept`; anything the service cannot make is a 406. */
export function reportFormat(accept: string | null): "pdf" | "html" | "json" {
  const wanted = (accept ?? "application/pdf")
    .split(",")
    .map((part) => {
      const [type, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { type: type!.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { type } of wanted) {
    if (type === "application/pdf" || type === "*/*" || type === "application/*") return "pdf";
    if (type === "text/html" || type === "text/*") return "html";
    if (type === "application/json") return "json";
  }
  throw new HttpError(406, "The report is available as application/pdf, text/html or application/json");
}
