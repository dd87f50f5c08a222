import { z } from "zod";
import { EquityDto, NormalizedAddressDto, PropertyFacts, ValuationDto, VerificationDto } from "@/lib/services/dto";
import { AddressBody, AddressQuery, CreateUserBody, EquityBody, ErrorBody, NormalizeBody, OwnerBody, ReportQuery, SignUpBody, VerifyBody } from "./schemas";

type Role = "homeowner" | "loan_officer" | "admin" | "anyone";

interface Operation {
  method: "get" | "post";
  path: string;
  summary: string;
  roles: Role[];
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** A file download instead of JSON. */
  file?: boolean;
}

const OwnerData = z.object({
  ownerId: z.string(),
  stale: z.boolean(),
  properties: z.array(z.object({ propertyId: z.number(), facts: PropertyFacts, equity: EquityDto })),
});
const Created = z.object({ id: z.number(), email: z.string(), role: z.string() });

const OPERATIONS: Operation[] = [
  { method: "post", path: "/api/address/normalize", summary: "Standardize up to 100 addresses", roles: ["loan_officer", "admin"], body: NormalizeBody, response: z.object({ addresses: z.array(NormalizedAddressDto) }) },
  { method: "post", path: "/api/homeowner/verify", summary: "How likely the applicant owns the address", roles: ["loan_officer", "admin"], body: VerifyBody, response: VerificationDto },
  { method: "post", path: "/api/avm", summary: "The valuation estimate", roles: ["loan_officer", "admin", "homeowner"], body: AddressBody, response: ValuationDto },
  { method: "post", path: "/api/home-equity-summary", summary: "Equity at a maximum loan-to-value", roles: ["loan_officer", "admin", "homeowner"], body: EquityBody, response: EquityDto },
  { method: "get", path: "/api/property/summary", summary: "The property's facts", roles: ["loan_officer", "admin", "homeowner"], query: AddressQuery, response: PropertyFacts },
  { method: "get", path: "/api/property/report", summary: "The property report as PDF, HTML or JSON", roles: ["loan_officer", "admin", "homeowner"], query: ReportQuery, file: true },
  { method: "post", path: "/api/owners", summary: "Create the signed-in homeowner's owner record (once)", roles: ["homeowner"], body: OwnerBody, response: z.object({ ownerId: z.string(), created: z.boolean() }) },
  { method: "get", path: "/api/owner-data", summary: "The signed-in homeowner's properties", roles: ["homeowner"], response: OwnerData },
  { method: "post", path: "/api/signup", summary: "Create a homeowner account", roles: ["anyone"], body: SignUpBody, response: Created },
  { method: "post", path: "/api/admin/users", summary: "Create a loan officer or admin", roles: ["admin"], body: CreateUserBody, response: Created },
  { method: "get", path: "/api/admin/usage", summary: "Upstream calls and cache hits per operation", roles: ["admin"] },
];

const json = (schema: z.ZodType, io: "input" | "output") => z.toJSONSchema(schema, { io, unrepresentable: "any" });
const error = (description: string) => ({ description, content: { "application/json": { schema: json(ErrorBody, "output") } } });

/** The app's API as OpenAPI 3.1, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters = op.query
      ? Object.entries(op.query.shape).map(([name, schema]) => ({ name, in: "query", required: !(schema as z.ZodType).safeParse(undefined).success, schema: json(schema as z.ZodType, "input") }))
      : undefined;
    paths[op.path] = {
      [op.method]: {
        summary: op.summary,
        description: `Who may call it: ${op.roles.join(", ")}.`,
        ...(parameters ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: json(op.body, "input") } } } } : {}),
        responses: {
          200: op.file
            ? { description: "The report file", content: { "application/pdf": {}, "text/html": {}, "application/json": {} } }
            : { description: "Success", content: { "application/json": { schema: op.response ? json(op.response, "output") : {} } } },
          400: error("Invalid input: the message and `fields` name each field and the reason"),
          401: error("Not signed in"),
          403: error("Wrong role, or someone else's property"),
          429: error("Too many requests; see Retry-After"),
          502: error("The property data service failed"),
          503: error("The property data service is unavailable or busy"),
          504: error("The property data service timed out"),
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Homeowner Dashboard API", version: "1.0.0", description: "Sign in with next-auth (session cookie). Every failure answers { error: { code, message, fields? } }." },
    paths,
  };
}
