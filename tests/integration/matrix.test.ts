import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  call,
  credentialsCallback,
  deedName,
  houses,
  newAccount,
  people,
  sessionFrom,
  signIn,
  unique,
  type People,
} from "./client";

type Who = "signedOut" | "homeownerA" | "homeownerB" | "officer" | "admin" | "widget" | "claimant" | "enrolling";
/**
 * `claimant` typed A's deed names (public record) at A's address, and has proved nothing. `enrolling` is a new loan
 * officer signed in with a password and no second factor yet: pages send it to set one up (307), routes answer 403
 * `second_factor_enrolment_required`, and the public ones treat it as signed out.
 */
const WHO: Who[] = ["signedOut", "homeownerA", "homeownerB", "officer", "admin", "widget", "claimant", "enrolling"];

interface Context extends People {
  propertyA: number;
  siteKey: string;
  webhookId: number;
  claimant: string;
  enrolling: string;
}

interface Row {
  what: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (c: Context) => string;
  body?: (c: Context) => unknown;
  /** Expected status per caller, in the order of WHO. */
  expect: [number, number, number, number, number, number, number, number];
}

const R = 307; // sent to sign in (or onward)
// The widget caller is another site's page: its state-changing requests are refused as cross-origin (403) before
// anything else is looked at; only the widget's own API accepts its origin.
const WIDGET_ORIGIN = "https://matrix-widget.example";

/** Every page and route × every kind of caller, from this one table. */
const MATRIX: Row[] = [
  { what: "page /", method: "GET", path: () => "/", expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  { what: "page /example", method: "GET", path: () => "/example", expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  { what: "page /login", method: "GET", path: () => "/login", expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    what: "page /embed/demo",
    method: "GET",
    path: () => "/embed/demo",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  // Homeowners with a home come here to add another (each proved like the first).
  { what: "page /onboarding", method: "GET", path: () => "/onboarding", expect: [R, 200, 200, 404, 404, R, 200, R] },
  { what: "page /dashboard", method: "GET", path: () => "/dashboard", expect: [R, 200, 200, 404, 404, R, 200, R] },
  {
    what: "page A's property",
    method: "GET",
    path: (c) => `/dashboard/properties/${c.propertyA}`,
    expect: [R, 200, 404, 404, 404, R, 200, R],
  },
  { what: "page /lookup", method: "GET", path: () => "/lookup", expect: [R, 404, 404, 200, 200, R, 404, R] },
  { what: "page /admin", method: "GET", path: () => "/admin", expect: [R, 404, 404, 404, 200, R, 404, R] },
  {
    what: "POST /api/address/normalize",
    method: "POST",
    path: () => "/api/address/normalize",
    body: () => ({ requests: [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }] }),
    expect: [401, 403, 403, 200, 200, 403, 403, 403],
  },
  {
    what: "POST /api/address/suggest",
    method: "POST",
    path: () => "/api/address/suggest",
    body: (c) => ({ address: c.ownerAddress }),
    expect: [401, 200, 200, 200, 200, 403, 200, 403],
  },
  {
    what: "POST /api/homeowner/verify",
    method: "POST",
    path: () => "/api/homeowner/verify",
    body: (c) => ({ firstName: "A", lastName: "B", address: c.ownerAddress }),
    expect: [401, 403, 403, 200, 200, 403, 403, 403],
  },
  {
    what: "POST /api/avm (A's home)",
    method: "POST",
    path: () => "/api/avm",
    body: (c) => ({ address: c.ownerAddress }),
    expect: [401, 200, 403, 200, 200, 403, 200, 403],
  },
  {
    what: "POST /api/home-equity-summary (A's home)",
    method: "POST",
    path: () => "/api/home-equity-summary",
    body: (c) => ({ address: c.ownerAddress }),
    expect: [401, 200, 403, 200, 200, 403, 403, 403],
  },
  {
    what: "GET /api/property/summary (A's home)",
    method: "GET",
    path: (c) => `/api/property/summary?address=${encodeURIComponent(c.ownerAddress)}`,
    expect: [401, 200, 403, 200, 200, 401, 200, 403],
  },
  {
    what: "GET /api/property/report (A's home)",
    method: "GET",
    path: (c) => `/api/property/report?format=json&applicant_name=A&address=${encodeURIComponent(c.ownerAddress)}`,
    expect: [401, 200, 403, 200, 200, 401, 403, 403],
  },
  {
    what: "POST /api/owners",
    method: "POST",
    path: () => "/api/owners",
    body: (c) => ({ firstName: "A", lastName: "B", address: c.ownerAddress }),
    // A's own home again is nothing to do; B adding it is a claim like any other, and the deed does not name "A B".
    expect: [401, 200, 422, 403, 403, 403, 422, 403],
  },
  {
    what: "GET /api/owner-data",
    method: "GET",
    path: () => "/api/owner-data",
    expect: [401, 200, 200, 403, 403, 401, 200, 403],
  },
  {
    what: "GET /api/owner-figures (A's home)",
    method: "GET",
    path: (c) => `/api/owner-figures/${c.propertyA}`,
    expect: [401, 200, 404, 403, 403, 401, 403, 403],
  },
  {
    what: "GET /api/admin/usage",
    method: "GET",
    path: () => "/api/admin/usage",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/sites",
    method: "GET",
    path: () => "/api/admin/sites",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/webhooks",
    method: "GET",
    path: () => "/api/admin/webhooks",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "POST /api/admin/webhooks",
    method: "POST",
    path: () => "/api/admin/webhooks",
    body: () => ({ url: "http://127.0.0.1:9/matrix", events: ["lead.created"] }),
    expect: [401, 403, 403, 403, 201, 403, 403, 403],
  },
  {
    what: "PATCH /api/admin/webhooks/:id",
    method: "PATCH",
    path: (c) => `/api/admin/webhooks/${c.webhookId}`,
    body: () => ({ description: "matrix" }),
    expect: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    what: "GET /api/admin/webhooks/:id/deliveries",
    method: "GET",
    path: (c) => `/api/admin/webhooks/${c.webhookId}/deliveries`,
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "POST /api/admin/webhooks/:id/test",
    method: "POST",
    path: (c) => `/api/admin/webhooks/${c.webhookId}/test`,
    body: () => ({}),
    expect: [401, 403, 403, 403, 202, 403, 403, 403],
  },
  {
    what: "POST /api/admin/webhooks/:id/deliveries/:deliveryId/retry (no such delivery)",
    method: "POST",
    path: (c) => `/api/admin/webhooks/${c.webhookId}/deliveries/msg_nosuchdelivery/retry`,
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  {
    what: "DELETE /api/admin/webhooks/:id (no such endpoint)",
    method: "DELETE",
    path: () => "/api/admin/webhooks/999999",
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  {
    what: "page /admin/webhooks",
    method: "GET",
    path: () => "/admin/webhooks",
    expect: [R, 404, 404, 404, 200, R, 404, R],
  },
  {
    what: "GET /api/admin/settings",
    method: "GET",
    path: () => "/api/admin/settings",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/offers",
    method: "GET",
    path: () => "/api/admin/offers",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/refresh-budget",
    method: "GET",
    path: () => "/api/admin/refresh-budget",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/clients",
    method: "GET",
    path: () => "/api/clients",
    expect: [401, 403, 403, 200, 200, 401, 403, 403],
  },
  {
    what: "GET /api/opportunities",
    method: "GET",
    path: () => "/api/opportunities",
    expect: [401, 403, 403, 200, 200, 401, 403, 403],
  },
  { what: "page /clients", method: "GET", path: () => "/clients", expect: [R, 404, 404, 200, 200, R, 404, R] },
  // Leads: homeowners send them about homes they proved (A's question goes to the admin who invited A; B's home is not
  // A's, the claimant proved nothing); staff read and mark them, an officer only their own.
  {
    what: "POST /api/leads (a question about A's home)",
    method: "POST",
    path: () => "/api/leads",
    body: (c) => ({ kind: "question", propertyId: c.propertyA, message: "Could I borrow against my home?" }),
    expect: [401, 201, 404, 403, 403, 403, 404, 403],
  },
  { what: "GET /api/leads", method: "GET", path: () => "/api/leads", expect: [401, 403, 403, 200, 200, 401, 403, 403] },
  {
    what: "GET /api/leads/:id (none)",
    method: "GET",
    path: () => "/api/leads/999999999",
    expect: [401, 403, 403, 404, 404, 401, 403, 403],
  },
  {
    what: "PATCH /api/leads/:id (none)",
    method: "PATCH",
    path: () => "/api/leads/999999999",
    body: () => ({ status: "contacted" }),
    expect: [401, 403, 403, 404, 404, 403, 403, 403],
  },
  {
    what: "GET /api/homeowner/leads",
    method: "GET",
    path: () => "/api/homeowner/leads",
    expect: [401, 200, 200, 403, 403, 401, 200, 403],
  },
  {
    what: "GET /api/account/lead-mail",
    method: "GET",
    path: () => "/api/account/lead-mail",
    expect: [401, 403, 403, 200, 200, 401, 403, 403],
  },
  {
    what: "PUT /api/account/lead-mail",
    method: "PUT",
    path: () => "/api/account/lead-mail",
    body: () => ({ leadMail: "each" }),
    expect: [401, 403, 403, 200, 200, 403, 403, 403],
  },
  { what: "page /leads", method: "GET", path: () => "/leads", expect: [R, 404, 404, 200, 200, R, 404, R] },
  {
    what: "page /leads/:id (none)",
    method: "GET",
    path: () => "/leads/999999999",
    expect: [R, 404, 404, 404, 404, R, 404, R],
  },
  {
    what: "POST /api/widget/valuation",
    method: "POST",
    path: () => "/api/widget/valuation",
    body: (c) => ({ key: c.siteKey, address: c.ownerAddress }),
    expect: [403, 403, 403, 403, 403, 200, 403, 403],
  },
  // The report form's challenge is no secret (solving it is the cost); the lead needs a listed origin and a solved one.
  {
    what: "GET /api/widget/leads/challenge",
    method: "GET",
    path: (c) => `/api/widget/leads/challenge?key=${c.siteKey}`,
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  // Whether an origin may show a site's widget is no secret (the frame's CSP says as much) and reads no session.
  {
    what: "GET /api/widget/origin",
    method: "GET",
    path: (c) => `/api/widget/origin?key=${c.siteKey}`,
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "POST /api/widget/leads (unsolved challenge)",
    method: "POST",
    path: () => "/api/widget/leads",
    body: (c) => ({
      key: c.siteKey,
      address: c.ownerAddress,
      name: "Matrix",
      email: "matrix@example.com",
      challenge: "a.b.c.d.e",
      solution: "1",
    }),
    expect: [403, 403, 403, 403, 403, 400, 403, 403],
  },
  // A report link opens from this app's own /report page, for anyone who has one (a link we did not send: 404).
  {
    what: "POST /api/widget/report (unknown link)",
    method: "POST",
    path: () => "/api/widget/report?token=matrix-token-that-was-never-sent-0000000",
    expect: [404, 404, 404, 404, 404, 403, 404, 404],
  },
  { what: "page /report", method: "GET", path: () => "/report", expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    what: "POST /api/ownership/letter",
    method: "POST",
    path: () => "/api/ownership/letter",
    expect: [401, 409, 409, 403, 403, 403, 201, 403],
  },
  {
    what: "POST /api/ownership/code (wrong)",
    method: "POST",
    path: () => "/api/ownership/code",
    body: () => ({ code: "000000" }),
    expect: [401, 409, 409, 403, 403, 403, 400, 403],
  },
  {
    what: "POST /api/invitations",
    method: "POST",
    path: () => "/api/invitations",
    body: (c) => ({ email: `invited-${unique()}@example.com`, ...deedName(c.ownerAddress), address: c.ownerAddress }),
    expect: [401, 403, 403, 201, 201, 403, 403, 403],
  },
  {
    what: "POST /api/invitations/accept (unknown token)",
    method: "POST",
    path: () => "/api/invitations/accept",
    body: () => ({ token: "not-a-real-token", password: "a-good-long-password" }),
    expect: [404, 404, 404, 404, 404, 403, 404, 404],
  },
  {
    what: "POST /api/account/password-reset",
    method: "POST",
    path: () => "/api/account/password-reset",
    body: () => ({ email: `nobody-${unique()}@example.com` }),
    expect: [202, 202, 202, 202, 202, 403, 202, 202],
  },
  {
    what: "DELETE /api/admin/users/:id/sessions",
    method: "DELETE",
    path: () => "/api/admin/users/999999/sessions",
    expect: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    what: "GET /api/admin/outbox",
    method: "GET",
    path: () => "/api/admin/outbox",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "page /admin/outbox",
    method: "GET",
    path: () => "/admin/outbox",
    expect: [R, 404, 404, 404, 200, R, 404, R],
  },
  {
    what: "GET /api/admin/jobs",
    method: "GET",
    path: () => "/api/admin/jobs",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "POST /api/admin/jobs/retry (no such job)",
    method: "POST",
    path: () => "/api/admin/jobs/retry",
    body: () => ({ name: "housekeeping", id: "00000000-0000-4000-8000-000000000000" }),
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  { what: "page /admin/jobs", method: "GET", path: () => "/admin/jobs", expect: [R, 404, 404, 404, 200, R, 404, R] },
  // The activity log: admins only. The admin here signed in with a passkey moments ago, so the CSV needs no step-up.
  {
    what: "GET /api/admin/audit",
    method: "GET",
    path: () => "/api/admin/audit",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/audit (CSV)",
    method: "GET",
    path: () => "/api/admin/audit?format=csv",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/audit/verify",
    method: "GET",
    path: () => "/api/admin/audit/verify",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  { what: "page /admin/audit", method: "GET", path: () => "/admin/audit", expect: [R, 404, 404, 404, 200, R, 404, R] },
  {
    what: "POST /api/admin/jobs/run (housekeeping)",
    method: "POST",
    path: () => "/api/admin/jobs/run",
    body: () => ({ name: "housekeeping" }),
    expect: [401, 403, 403, 403, 202, 403, 403, 403],
  },
  // The language switch: anyone may choose a language (a cookie), a signed-in account keeps it; another site may not.
  {
    what: "PUT /api/locale",
    method: "PUT",
    path: () => "/api/locale",
    body: () => ({ locale: "en" }),
    expect: [200, 200, 200, 200, 200, 403, 200, 200],
  },
  {
    what: "GET /api/account/mail-preferences",
    method: "GET",
    path: () => "/api/account/mail-preferences",
    expect: [401, 200, 200, 200, 200, 401, 200, 403],
  },
  {
    what: "POST /api/unsubscribe (a forged link)",
    method: "POST",
    path: () => "/api/unsubscribe?u=1&k=monthly_digest&t=forged",
    expect: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    what: "page /unsubscribe",
    method: "GET",
    path: () => "/unsubscribe",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "POST /api/engagement",
    method: "POST",
    path: () => "/api/engagement",
    body: () => ({ kind: "borrowing_used" }),
    expect: [401, 204, 204, 403, 403, 403, 204, 403],
  },
  {
    what: "GET /api/admin/embedded-clock",
    method: "GET",
    path: () => "/api/admin/embedded-clock",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  // Officers' cards (issue 39): staff edit their own, admins the organization's and who is whose officer; a photo is
  // public once its card shows (none here).
  {
    what: "GET /api/account/officer-profile",
    method: "GET",
    path: () => "/api/account/officer-profile",
    expect: [401, 403, 403, 200, 200, 401, 403, 403],
  },
  {
    what: "GET /api/admin/organization",
    method: "GET",
    path: () => "/api/admin/organization",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "GET /api/officers/:id/photo (no card)",
    method: "GET",
    path: () => "/api/officers/999999/photo",
    expect: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    what: "PUT /api/admin/users/:id/officer (no such homeowner)",
    method: "PUT",
    path: () => "/api/admin/users/999999/officer",
    body: () => ({ officerId: null }),
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  { what: "page /account", method: "GET", path: () => "/account", expect: [R, 200, 200, 200, 200, R, 200, R] },
  {
    what: "page /account/digest",
    method: "GET",
    path: () => "/account/digest",
    expect: [R, 200, 200, 404, 404, R, 200, R],
  },
  // A homeowner's rights over their data: their own only; staff accounts are removed by an admin. A wrong password
  // deletes nothing (the claimant, who proved nothing, may delete their account too).
  {
    what: "GET /api/account/access-log",
    method: "GET",
    path: () => "/api/account/access-log",
    expect: [401, 200, 200, 403, 403, 401, 200, 403],
  },
  {
    what: "GET /api/account/export",
    method: "GET",
    path: () => "/api/account/export",
    expect: [401, 200, 200, 403, 403, 401, 200, 403],
  },
  {
    what: "DELETE /api/account (wrong password)",
    method: "DELETE",
    path: () => "/api/account",
    body: () => ({ password: "not-the-password" }),
    expect: [401, 400, 400, 403, 403, 403, 400, 403],
  },
  // The second factor's own page serves an officer who has none yet; /verify only a session that owes its factor,
  // and sends everyone else on (signed-in sessions here have given theirs, or need none).
  {
    what: "page /account/security",
    method: "GET",
    path: () => "/account/security",
    expect: [R, 200, 200, 200, 200, R, 200, 200],
  },
  { what: "page /verify", method: "GET", path: () => "/verify", expect: [R, R, R, R, R, R, R, R] },
  {
    what: "GET /api/account/security",
    method: "GET",
    path: () => "/api/account/security",
    expect: [401, 200, 200, 200, 200, 401, 200, 200],
  },
  // Anyone may ask for a passkey challenge (limited per address); another site's page may not.
  {
    what: "POST /api/passkeys/sign-in-options",
    method: "POST",
    path: () => "/api/passkeys/sign-in-options",
    body: () => ({}),
    expect: [200, 200, 200, 200, 200, 403, 200, 200],
  },
  // Resetting someone's factors is the admin's alone (an id nobody has: 404 for the admin, refused for everyone else).
  {
    what: "DELETE /api/admin/users/:id/factors",
    method: "DELETE",
    path: () => "/api/admin/users/999999/factors",
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  {
    what: "POST /api/account/password (wrong current password)",
    method: "POST",
    path: () => "/api/account/password",
    body: () => ({ currentPassword: "not-the-password", newPassword: "another-long-passphrase" }),
    expect: [401, 400, 400, 400, 400, 403, 400, 403],
  },
  {
    what: "POST /api/account/password-reset/confirm (unknown token)",
    method: "POST",
    path: () => "/api/account/password-reset/confirm",
    body: () => ({ token: "not-a-real-token", password: "another-long-passphrase" }),
    expect: [400, 400, 400, 400, 400, 403, 400, 400],
  },
  {
    what: "POST /api/email-verification (unknown token)",
    method: "POST",
    path: () => "/api/email-verification",
    body: () => ({ token: "not-a-real-token" }),
    expect: [401, 400, 400, 400, 400, 403, 400, 403],
  },
  // Sends the link again only to an account whose email is not proved (the claimant signed up; the others were invited
  // or made by an admin).
  {
    what: "POST /api/account/email-verification",
    method: "POST",
    path: () => "/api/account/email-verification",
    expect: [401, 200, 200, 200, 200, 403, 200, 403],
  },
  {
    what: "POST /api/account/reauthenticate (wrong password)",
    method: "POST",
    path: () => "/api/account/reauthenticate",
    body: () => ({ password: "not-the-password" }),
    expect: [401, 400, 400, 400, 400, 403, 400, 400],
  },
  {
    what: "page /verify-email (no token)",
    method: "GET",
    path: () => "/verify-email",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "page /invite (no token)",
    method: "GET",
    path: () => "/invite",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "page /reset-password (no token)",
    method: "GET",
    path: () => "/reset-password",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "page /forgot-password",
    method: "GET",
    path: () => "/forgot-password",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "GET /api/openapi.json",
    method: "GET",
    path: () => "/api/openapi.json",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    what: "GET /api/health",
    method: "GET",
    path: () => "/api/health",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  // API tokens: staff make their own (the sessions here gave their factor moments ago: no step-up); admins see and
  // revoke everyone's. An id nobody has: 404 for those who may revoke.
  {
    what: "GET /api/account/tokens",
    method: "GET",
    path: () => "/api/account/tokens",
    expect: [401, 403, 403, 200, 200, 401, 403, 403],
  },
  {
    what: "POST /api/account/tokens",
    method: "POST",
    path: () => "/api/account/tokens",
    body: () => ({ name: "matrix", scopes: ["clients:read"], expiresInDays: 30 }),
    expect: [401, 403, 403, 201, 201, 403, 403, 403],
  },
  {
    what: "DELETE /api/account/tokens/:id",
    method: "DELETE",
    path: () => "/api/account/tokens/999999",
    expect: [401, 403, 403, 404, 404, 403, 403, 403],
  },
  {
    what: "GET /api/admin/tokens",
    method: "GET",
    path: () => "/api/admin/tokens",
    expect: [401, 403, 403, 403, 200, 401, 403, 403],
  },
  {
    what: "POST /api/admin/tokens",
    method: "POST",
    path: () => "/api/admin/tokens",
    body: () => ({ name: "matrix", scopes: ["lookups"], expiresInDays: 30 }),
    expect: [401, 403, 403, 403, 201, 403, 403, 403],
  },
  {
    what: "DELETE /api/admin/tokens/:id",
    method: "DELETE",
    path: () => "/api/admin/tokens/999999",
    expect: [401, 403, 403, 403, 404, 403, 403, 403],
  },
  { what: "GET /api/docs", method: "GET", path: () => "/api/docs", expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    what: "GET /api/docs/scalar.js",
    method: "GET",
    path: () => "/api/docs/scalar.js",
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  // These apps have no METRICS_TOKEN: the route is off for everyone, the admin too (no session opens it; see
  // observability.test.ts for the token).
  {
    what: "GET /api/metrics (off)",
    method: "GET",
    path: () => "/api/metrics",
    expect: [404, 404, 404, 404, 404, 404, 404, 404],
  },
];

/** What only a proved owner may see, as it appears in pages (labels) and in API answers (fields). */
const PRIVATE = [
  "Loan-to-value",
  "Total equity",
  "Total loan balance",
  "Loans on record",
  "Your figures",
  "What you could borrow",
  "Download report",
  "totalLoanBalance",
  "totalEquity",
  "availableEquity",
  '"ltv"',
  '"loans"',
  '"ownerId"',
  "own_",
];
const privateMarkers = (text: string) => PRIVATE.filter((marker) => text.includes(marker));

describe("access control matrix (embedded service)", () => {
  const app = inject("apps").embedded;
  let c: Context;
  beforeAll(async () => {
    const [mine, theirs] = houses(600, 2) as [string, string];
    const p = await people(app, [mine, theirs]);
    const data = await call(app, "GET", "/api/owner-data", { cookie: p.owner });
    const site = await call(app, "POST", "/api/admin/sites", {
      cookie: p.admin,
      body: { name: "matrix", allowedOrigins: [WIDGET_ORIGIN], dailyBudget: 1000 },
    });
    const claimant = await newAccount(app);
    const claimed = await call(app, "POST", "/api/owners", {
      cookie: claimant.cookie,
      body: { ...deedName(mine), address: mine },
    });
    expect(claimed.status).toBe(201);
    const enrollingEmail = `enrolling-${unique()}@example.com`;
    expect(
      (
        await call(app, "POST", "/api/admin/users", {
          cookie: p.admin,
          body: { email: enrollingEmail, password: "officer-password", role: "loan_officer" },
        })
      ).status,
    ).toBe(201);
    const enrolling = sessionFrom(await credentialsCallback(app, enrollingEmail, "officer-password"))!;
    expect((await call(app, "GET", "/api/account/security", { cookie: enrolling })).body.secondFactor).toBe("enrol");
    const webhook = await call(app, "POST", "/api/admin/webhooks", {
      cookie: p.admin,
      body: { url: "http://127.0.0.1:9/matrix", events: ["lead.created"] },
    });
    expect(webhook.status).toBe(201);
    c = {
      ...p,
      propertyA: data.body.properties[0].propertyId,
      siteKey: site.body.siteKey,
      webhookId: webhook.body.id,
      claimant: claimant.cookie,
      enrolling,
    };
  });

  it.each(MATRIX)("$what", async (row) => {
    const cookies: Record<Who, string | undefined> = {
      signedOut: undefined,
      homeownerA: c.owner,
      homeownerB: c.otherOwner,
      officer: c.officer,
      admin: c.admin,
      widget: undefined,
      claimant: c.claimant,
      enrolling: c.enrolling,
    };
    const statuses: number[] = [];
    for (const who of WHO) {
      const reply = await fetch(`${app.url}${row.path(c)}`, {
        method: row.method,
        redirect: "manual",
        headers: {
          ...(cookies[who] ? { Cookie: cookies[who]! } : {}),
          ...(who === "widget" ? { Origin: WIDGET_ORIGIN } : {}),
          ...(row.body ? { "Content-Type": "application/json" } : {}),
        },
        body: row.body ? JSON.stringify(row.body(c)) : undefined,
      });
      statuses.push(reply.status);
      const text = await reply.text();
      // Before proof, no answer carries a loan, an LTV, an equity figure or the owner's other home.
      // (The OpenAPI document names the private fields: it is the description of the API, not anyone's data.)
      if (who === "claimant" && !row.what.includes("openapi"))
        expect(privateMarkers(text), `${row.what} as the claimant`).toEqual([]);
    }
    expect(Object.fromEntries(WHO.map((who, i) => [who, statuses[i]]))).toEqual(
      Object.fromEntries(WHO.map((who, i) => [who, row.expect[i]])),
    );
  });

  it("shows a proved owner what the claimant of the same home cannot see (the check above can fail)", async () => {
    const page = await (
      await fetch(`${app.url}/dashboard/properties/${c.propertyA}`, { headers: { Cookie: c.owner } })
    ).text();
    const data = await (await fetch(`${app.url}/api/owner-data`, { headers: { Cookie: c.owner } })).text();
    expect(privateMarkers(page)).toEqual(
      expect.arrayContaining([
        "Loan-to-value",
        "Total equity",
        "Download report",
        "Your figures",
        "What you could borrow",
      ]),
    );
    expect(privateMarkers(data)).toEqual(expect.arrayContaining(["totalEquity", '"ltv"']));
    const claimantPage = await (
      await fetch(`${app.url}/dashboard/properties/${c.propertyA}`, { headers: { Cookie: c.claimant } })
    ).text();
    expect(claimantPage).toContain("Verify to see your loans and equity");
    expect(claimantPage).toContain("Valuation provided by");
  });

  it("applies a changed role and a deleted account on the very next request", async () => {
    const email = `changing-${unique()}@example.com`;
    const created = await call(app, "POST", "/api/admin/users", {
      cookie: c.admin,
      body: { email, password: "officer-password", role: "loan_officer" },
    });
    const session = await signIn(app, email, "officer-password");
    const normalize = () =>
      call(app, "POST", "/api/address/normalize", {
        cookie: session,
        body: { requests: [{ street: "2800 N 24th St", city: "Phoenix", state: "AZ", zip: "85008" }] },
      });
    expect((await normalize()).status).toBe(200);
    expect(
      (
        await call(app, "PATCH", `/api/admin/users/${created.body.id}`, {
          cookie: c.admin,
          body: { role: "homeowner" },
        })
      ).status,
    ).toBe(200);
    expect((await normalize()).status).toBe(403);
    expect((await call(app, "DELETE", `/api/admin/users/${created.body.id}`, { cookie: c.admin })).status).toBe(204);
    expect((await normalize()).status).toBe(401);
  });
});
