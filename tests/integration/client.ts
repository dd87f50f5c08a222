import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { oneLine } from "@/lib/address";
import { DEMO_STAFF, demoTotpSecretFor } from "@/lib/auth/demo-factors";
import { totpCode } from "@/lib/auth/totp";
import { getDataset } from "@/lib/sandbox/dataset";
import { peopleOf } from "@/lib/sandbox/verify";
import {
  importSoftPasskey,
  newSoftPasskey,
  softAssertion,
  softRegistration,
  type SoftPasskey,
} from "@/lib/testing/soft-passkey";
import { checkAnswer } from "./openapi-check";
import { mailsIn, partsOf } from "./smtp";
import type { AppInfo } from "./setup";

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
}

/**
 * Posts to one of next-auth's credentials providers (`credentials`: email, password, code; `passkey`), as the login
 * page does.
 */
export async function providerCallback(
  app: AppInfo,
  provider: "credentials" | "passkey",
  fields: Record<string, string>,
): Promise<Response> {
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return fetch(`${app.url}/api/auth/callback/${provider}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
    body: new URLSearchParams({ csrfToken, ...fields, json: "true" }),
  });
}

/** Posts credentials to next-auth's credentials endpoint, the way the login form does. */
export const credentialsCallback = (app: AppInfo, email: string, password: string, code?: string) =>
  providerCallback(app, "credentials", { email, password, ...(code ? { code } : {}) });

/** The error a refused sign-in answered with (next-auth puts it in the URL it hands back), or "" when it signed in. */
export async function signInError(response: Response): Promise<string> {
  const { url } = (await response.clone().json()) as { url: string };
  return decodeURIComponent(new URL(url).searchParams.get("error") ?? "");
}

// The passkeys this test process set up for staff accounts, by app and email (the admins' come from the global setup).
const passkeys = new Map<string, SoftPasskey>();
const passkeyKey = (app: AppInfo, email: string) => `${app.url} ${email.toLowerCase()}`;

export function passkeyOf(app: AppInfo, email: string): SoftPasskey | undefined {
  const known = passkeys.get(passkeyKey(app, email));
  if (known) return known;
  const provided = app.passkeys?.[email.toLowerCase()];
  return provided && importSoftPasskey(provided);
}

/**
 * The current authenticator code of a demo staff account of an embedded app whose data folder the test knows (the
 * secret is derived from the app's own, as `npm run demo:code` does). Good once: the account's first sign-in only.
 */
export function demoCode(app: AppInfo, email: string): string | undefined {
  if (!app.dataDir || !DEMO_STAFF.some((account) => account.email === email.toLowerCase())) return undefined;
  const appSecret = app.authSecret ?? readFileSync(join(app.dataDir, "nextauth-secret"), "utf8").trim();
  return totpCode(demoTotpSecretFor(appSecret, email));
}

/**
 * Adds a software passkey to the signed-in account (its first factor, or another with a recent one); remembered for its
 * next sign-ins.
 */
export async function addPasskey(
  app: AppInfo,
  email: string,
  cookie: string,
  name = "Test passkey",
): Promise<SoftPasskey> {
  const options = await call(app, "POST", "/api/account/passkeys/options", { cookie });
  if (options.status !== 200)
    throw new Error(`passkey options for ${email}: ${options.status} ${JSON.stringify(options.body)}`);
  const key = newSoftPasskey();
  const added = await call(app, "POST", "/api/account/passkeys", {
    cookie,
    body: { name, response: softRegistration(key, options.body, app.url) },
  });
  if (added.status !== 201) throw new Error(`passkey for ${email}: ${added.status} ${JSON.stringify(added.body)}`);
  passkeys.set(passkeyKey(app, email), key);
  return key;
}

/** Signs in with a passkey alone ("Sign in with a passkey"); returns the session cookie. */
export async function passkeySignIn(app: AppInfo, key: SoftPasskey): Promise<string> {
  const options = await call(app, "POST", "/api/passkeys/sign-in-options", { body: {} });
  if (options.status !== 200) throw new Error(`passkey sign-in options: ${options.status}`);
  const response = await providerCallback(app, "passkey", {
    response: JSON.stringify(softAssertion(key, options.body, app.url)),
  });
  const cookie = sessionFrom(response);
  if (!cookie) throw new Error(`passkey sign-in refused: ${await signInError(response)}`);
  return cookie;
}

/**
 * Signs in; returns the session cookie. Staff must have a second factor: an account without one gets a software
 * passkey at its first sign-in here (how a new officer enrols), and an account with one signs in with that passkey.
 */
export async function signIn(app: AppInfo, email: string, password: string): Promise<string> {
  const response = await credentialsCallback(app, email, password);
  const cookie = sessionFrom(response);
  if (cookie) {
    const security = await call(app, "GET", "/api/account/security", { cookie });
    if (security.body.secondFactor === "enrol") await addPasskey(app, email, cookie);
    return cookie;
  }
  const error = await signInError(response);
  if (error === "second_factor_required") {
    const key = passkeyOf(app, email);
    if (key) return passkeySignIn(app, key);
    // A demo officer or admin: the authenticator code once, and a passkey for every sign-in after it.
    const code = demoCode(app, email);
    const withCode = code && sessionFrom(await credentialsCallback(app, email, password, code));
    if (withCode) {
      await addPasskey(app, email, withCode);
      return withCode;
    }
  }
  throw new Error(`sign-in failed for ${email}: ${response.status} ${error}`);
}

export async function call(
  app: AppInfo,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
  const type = response.headers.get("content-type") ?? "";
  const body = type.includes("json") ? await response.json() : await response.arrayBuffer();
  await checkAnswer(response.url || `${app.url}${path}`, method, {
    status: response.status,
    headers: response.headers,
    body,
  });
  return { status: response.status, headers: response.headers, body };
}

export const unique = () => randomBytes(4).toString("hex");

/** Data-set houses (no units) owned by people, a distinct slice per caller so tests do not share cached answers. */
export function houses(from: number, count: number): string[] {
  const all = getDataset().properties.filter((p) => p.kind !== "CONDOMINIUM" && !p.vacant && peopleOf(p).length > 0);
  // A range past the data set's end would quietly give fewer houses, and a test fewer cases than it says.
  if (from + count > all.length) throw new Error(`houses(${from}, ${count}): the data set has ${all.length}`);
  return all.slice(from, from + count).map((p) => oneLine({ ...p.address, zip4: "" }));
}

/** The first person the deed of a data-set house names (public record: anyone can read it). */
export function deedName(address: string): { firstName: string; lastName: string } {
  const property = getDataset().properties.find((p) => oneLine({ ...p.address, zip4: "" }) === address);
  const person = property && peopleOf(property)[0];
  if (!person) throw new Error(`no person on the deed of ${address}`);
  return { firstName: person.first, lastName: person.last };
}

/** The session cookie an answer set (sign-in, an accepted invitation, a reset password). */
export function sessionFrom(response: { headers: Headers }): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.session-token="))
    ?.split(";")[0];
}

/**
 * Resolves once no job of the named kinds waits, runs or waits for a retry, as the admin's job view counts them: what a
 * run queued has been done (or has failed for good), so a test can then say what it did not do. Rejects after
 * `timeoutMs`.
 */
export async function jobsSettled(app: AppInfo, admin: string, names: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await call(app, "GET", "/api/admin/jobs", { cookie: admin });
    if (reply.status !== 200) throw new Error(`the job view answered ${reply.status}`);
    const pending = (reply.body.queues as { name: string; state: string; count: number }[]).filter(
      (queue) => names.includes(queue.name) && ["created", "active", "retry"].includes(queue.state) && queue.count > 0,
    );
    if (!pending.length) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms: ${JSON.stringify(pending)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The newest message to a recipient, with the token of its link if it has one: from the app's mail server when it has
 * one (production, whose outbox keeps no links), otherwise from the outbox (read by an admin).
 */
export async function latestMail(app: AppInfo, admin: string, to: string, kind: "email" | "letter" = "email") {
  if (app.mailDir && kind === "email") {
    const sent = mailsIn(app.mailDir)
      .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()))
      .at(-1);
    if (!sent) throw new Error(`no email to ${to} from the mail server`);
    const message = partsOf(sent);
    return {
      ...message,
      token: message.text.match(/token=([\w-]+)/)?.[1],
      code: message.text.match(/\b(\d{6})\b/)?.[1],
    };
  }
  const reply = await call(app, "GET", `/api/admin/outbox?kind=${kind}&to=${encodeURIComponent(to)}`, {
    cookie: admin,
  });
  const message = reply.body.messages?.[0] as
    { subject: string; text: string; html: string | null; recipient: string } | undefined;
  if (!message) throw new Error(`no ${kind} to ${to} in the outbox`);
  return { ...message, token: message.text.match(/token=([\w-]+)/)?.[1], code: message.text.match(/\b(\d{6})\b/)?.[1] };
}

/** A homeowner invited by an admin to a house and signed in through the invitation: proved owner of that house. */
export async function invitedHomeowner(
  app: AppInfo,
  admin: string,
  address: string,
  email = `owner-${unique()}@example.com`,
): Promise<string> {
  const invited = await call(app, "POST", "/api/invitations", {
    cookie: admin,
    body: { email, ...deedName(address), address },
  });
  if (invited.status !== 201) throw new Error(`could not invite: ${JSON.stringify(invited.body)}`);
  const { token } = await latestMail(app, admin, email);
  const accepted = await fetch(`${app.url}/api/invitations/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, password: "a-good-long-password" }),
  });
  const cookie = sessionFrom(accepted);
  if (accepted.status !== 200 || !cookie)
    throw new Error(`could not accept the invitation: ${accepted.status} ${await accepted.text()}`);
  return cookie;
}

/** A new homeowner account, signed in, with no home yet. */
export async function newAccount(
  app: AppInfo,
  email = `someone-${unique()}@example.com`,
): Promise<{ cookie: string; email: string }> {
  const created = await call(app, "POST", "/api/signup", { body: { email, password: "a-good-long-password" } });
  if (created.status !== 201) throw new Error(`could not sign up: ${JSON.stringify(created.body)}`);
  return { cookie: await signIn(app, email, "a-good-long-password"), email };
}

/**
 * A new homeowner account that proved its email with the link mailed at sign-up (read by an admin): it may add a
 * factor.
 */
export async function provedAccount(
  app: AppInfo,
  admin: string,
  email = `someone-${unique()}@example.com`,
): Promise<{ cookie: string; email: string }> {
  const account = await newAccount(app, email);
  const { token } = await latestMail(app, admin, email);
  const proved = await call(app, "POST", "/api/email-verification", { cookie: account.cookie, body: { token } });
  if (proved.status !== 200) throw new Error(`could not prove the email: ${JSON.stringify(proved.body)}`);
  return account;
}

export interface People {
  admin: string;
  officer: string;
  owner: string;
  otherOwner: string;
  ownerAddress: string;
  otherAddress: string;
}

/** An admin, a new loan officer, and two homeowners each proved owner (by invitation) of a house of their own. */
export async function people(app: AppInfo, addresses: [string, string]): Promise<People> {
  const admin = await signIn(app, app.admin.email, app.admin.password);
  const run = unique();
  const officerEmail = `officer-${run}@example.com`;
  const created = await call(app, "POST", "/api/admin/users", {
    cookie: admin,
    body: { email: officerEmail, password: "officer-password", role: "loan_officer" },
  });
  if (created.status !== 201) throw new Error(`could not create officer: ${JSON.stringify(created.body)}`);
  return {
    admin,
    officer: await signIn(app, officerEmail, "officer-password"),
    owner: await invitedHomeowner(app, admin, addresses[0]),
    otherOwner: await invitedHomeowner(app, admin, addresses[1]),
    ownerAddress: addresses[0],
    otherAddress: addresses[1],
  };
}

/** Billable requests the service has counted so far, per operation. */
export async function serviceUsage(
  app: AppInfo,
  sandbox: { url: string; token: string },
  admin: string,
): Promise<Record<string, number>> {
  if (app.name === "http")
    return (await (await fetch(`${sandbox.url}/_sandbox/usage`, { headers: { Authorization: sandbox.token } })).json())
      .operations;
  return (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body.embeddedService;
}

/** The app's own meter: upstream calls and cache hits for an operation, in total. */
export async function meterFor(
  app: AppInfo,
  admin: string,
  operation: string,
): Promise<{ upstreamCalls: number; cacheHits: number }> {
  const usage = (await call(app, "GET", "/api/admin/usage", { cookie: admin })).body;
  const row = usage.total.find((r: { operation: string }) => r.operation === operation);
  return { upstreamCalls: row?.upstreamCalls ?? 0, cacheHits: row?.cacheHits ?? 0 };
}

/**
 * A request through node:http, for what fetch will not send: a Host header of the test's choosing, or a source
 * address (`from`, any of 127.0.0.0/8 on loopback) so that one machine can be several visitors by socket address.
 */
export async function rawCall(
  app: AppInfo,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Reply> {
  const url = new URL(path, app.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = {
    ...(body !== undefined
      ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) }
      : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: options.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
          const reply = {
            status: res.statusCode ?? 0,
            headers: responseHeaders,
            body: (res.headers["content-type"] ?? "").includes("json") ? JSON.parse(text) : text,
          };
          checkAnswer(url.href, method, reply).then(() => resolve(reply), reject);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
