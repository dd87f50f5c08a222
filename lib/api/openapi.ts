import { z } from "zod";
import { EquityDto, NormalizedAddressDto, PropertyFacts, ValuationDto, VerificationDto } from "@/lib/services/dto";
import {
  AcceptInvitationBody,
  AddressBody,
  AddressQuery,
  ChangePasswordBody,
  CodeBody,
  CreateUserBody,
  EquityBody,
  ErrorBody,
  InviteBody,
  NormalizeBody,
  OutboxQuery,
  OwnerBody,
  ReportQuery,
  ResetBody,
  ResetRequestBody,
  SignUpBody,
  VerifyBody,
} from "./schemas";

type Role = "homeowner" | "loan_officer" | "admin" | "anyone";

interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  roles: Role[];
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** A file download instead of JSON. */
  file?: boolean;
}

const Verification = z.object({
  address: z.string(),
  name: z.string(),
  letter: z.object({ sentAt: z.string(), expiresAt: z.string(), triesLeft: z.number() }).nullable(),
  nextLetterAt: z.string().nullable(),
});
const OwnerData = z.object({
  verified: z.boolean().describe("false until the account proved it owns the home: then only the claimed home's public facts, no equity"),
  stale: z.boolean(),
  verification: Verification.nullable(),
  properties: z.array(z.object({ propertyId: z.number(), facts: PropertyFacts, equity: EquityDto.optional() })),
});
const Created = z.object({ id: z.number(), email: z.string(), role: z.string() });

const OPERATIONS: Operation[] = [
  { method: "post", path: "/api/address/normalize", summary: "Standardize up to 100 addresses", roles: ["loan_officer", "admin"], body: NormalizeBody, response: z.object({ addresses: z.array(NormalizedAddressDto) }) },
  { method: "post", path: "/api/homeowner/verify", summary: "How likely the applicant owns the address", roles: ["loan_officer", "admin"], body: VerifyBody, response: VerificationDto },
  { method: "post", path: "/api/avm", summary: "The valuation estimate", roles: ["loan_officer", "admin", "homeowner"], body: AddressBody, response: ValuationDto },
  { method: "post", path: "/api/home-equity-summary", summary: "Equity at a maximum loan-to-value", roles: ["loan_officer", "admin", "homeowner"], body: EquityBody, response: EquityDto },
  { method: "get", path: "/api/property/summary", summary: "The property's facts", roles: ["loan_officer", "admin", "homeowner"], query: AddressQuery, response: PropertyFacts },
  { method: "get", path: "/api/property/report", summary: "The property report as PDF, HTML or JSON", roles: ["loan_officer", "admin", "homeowner"], query: ReportQuery, file: true },
  { method: "post", path: "/api/owners", summary: "Claim a home: the deed must name the homeowner (422 otherwise); proof comes after", roles: ["homeowner"], body: OwnerBody, response: z.object({ verified: z.boolean(), created: z.boolean(), address: z.string().optional() }) },
  { method: "get", path: "/api/owner-data", summary: "The signed-in homeowner's properties (public facts only before proof)", roles: ["homeowner"], response: OwnerData },
  { method: "post", path: "/api/ownership/letter", summary: "Mail a 6-digit code to the claimed home (one a week, three a month)", roles: ["homeowner"], response: Verification },
  { method: "post", path: "/api/ownership/code", summary: "Prove ownership with the mailed code (5 tries)", roles: ["homeowner"], body: CodeBody, response: z.object({ verified: z.boolean() }) },
  { method: "post", path: "/api/invitations", summary: "Invite a client by email to their home (the deed must name them)", roles: ["loan_officer", "admin"], body: InviteBody },
  { method: "post", path: "/api/invitations/accept", summary: "Accept an invitation once: signs in as the proved owner", roles: ["anyone"], body: AcceptInvitationBody },
  { method: "post", path: "/api/account/password-reset", summary: "Email a reset link (the answer is the same whether or not the email has an account)", roles: ["anyone"], body: ResetRequestBody },
  { method: "post", path: "/api/account/password-reset/confirm", summary: "Set a new password with the link; every session ends, this browser signs in", roles: ["anyone"], body: ResetBody },
  { method: "post", path: "/api/account/password", summary: "Change the password; the account's other sessions end", roles: ["homeowner", "loan_officer", "admin"], body: ChangePasswordBody },
  { method: "delete", path: "/api/account/sessions", summary: "Sign out everywhere", roles: ["homeowner", "loan_officer", "admin"] },
  { method: "delete", path: "/api/admin/users/{userId}/sessions", summary: "Sign a user out everywhere", roles: ["admin"] },
  { method: "get", path: "/api/admin/outbox", summary: "Mail and letters the app kept, newest first", roles: ["admin"], query: OutboxQuery },
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
