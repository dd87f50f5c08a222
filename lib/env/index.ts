import { basename, dirname, resolve } from "node:path";
import { z } from "zod";

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());
const optionalString = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

const otlpProtocol = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(["http/protobuf", "http/json", "grpc"]).optional(),
);

/** Embedded mode: no real upstream is configured (the app's own service, demo accounts, generated secrets). */
const embeddedEnv = (env: { PROPERTY_API_BASE_URL?: string }) => env.PROPERTY_API_BASE_URL === undefined;

/**
 * The folder a relative DATA_DIR is kept under: the project's, where `npm run dev`, the scripts and the tests run. The
 * standalone server and the migrate command change into their own folder (`.next/standalone`) before anything reads
 * this; inside a checkout's build, that checkout is the project. Anywhere else (the image's /app) it is that folder,
 * and the image sets an absolute DATA_DIR (/data, a volume) anyway.
 */
function projectDir(cwd = process.cwd()): string {
  return basename(cwd) === "standalone" && basename(dirname(cwd)) === ".next" ? dirname(dirname(cwd)) : cwd;
}

/** A 32-byte key as base64 or hex (DATA_ENCRYPTION_KEY); lib/security/data-key.ts decodes it the same way. */
const keyBytes = (text: string) => {
  const value = text.trim();
  return (/^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64")).length;
};
const KEY_FORMAT = "must be 32 bytes, as base64 or hex (openssl rand -base64 32)";
/** A 32-byte key (base64 or hex), and a comma-separated list of them (earlier keys kept while a rotation runs). */
const key32 = optionalString.refine((value) => value === undefined || keyBytes(value) === 32, KEY_FORMAT);
const keyList = optionalString.refine(
  (value) =>
    value === undefined ||
    value
      .split(",")
      .filter((part) => part.trim())
      .every((part) => keyBytes(part) === 32),
  `each (comma-separated) ${KEY_FORMAT}`,
);

/** `true` or `false`. */
const flag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false"])
    .default(fallback)
    .transform((value) => value === "true");

/** A comma-separated list of values, each trimmed. */
const commaList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    );

/** A loopback host: an http URL there never crosses a network (a trial on one machine, the integration tests). */
const loopback = (host: string) => host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Production's settings that keep it safe, each missing one named: its public https URL (without it session cookies
 * lose Secure and mailed links point at localhost), a mail server (without one, reset and invitation links sit readable
 * in the outbox, where an admin could use them) and, with PostgreSQL (more than one instance may run), Redis (without
 * it each instance keeps its own copy of sessions, and a revoked one stays good on the others for up to a minute).
 */
function unsafeProductionSettings(env: {
  NEXTAUTH_URL?: string;
  SMTP_URL?: string;
  DATABASE_URL?: string;
  REDIS_URL?: string;
}) {
  const issues: { path: string[]; message: string }[] = [];
  if (!env.NEXTAUTH_URL)
    issues.push({
      path: ["NEXTAUTH_URL"],
      message: "is required in production: the app's public https URL (Secure session cookies, links in mail)",
    });
  else if (URL.canParse(env.NEXTAUTH_URL)) {
    const url = new URL(env.NEXTAUTH_URL);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback(url.hostname)))
      issues.push({
        path: ["NEXTAUTH_URL"],
        message: "must be https in production (http only on a loopback address: localhost, 127.0.0.1)",
      });
  }
  if (!env.SMTP_URL)
    issues.push({
      path: ["SMTP_URL"],
      message: "is required in production: reset and invitation links must go by mail, not sit in the outbox",
    });
  if (env.DATABASE_URL && !env.REDIS_URL)
    issues.push({
      path: ["REDIS_URL"],
      message:
        "is required in production with DATABASE_URL: instances on one database share sessions' revocations and rate limits through it",
    });
  return issues;
}

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Set by Next.js: the phase (build or serve) this process is in. */
    NEXT_PHASE: z.string().optional(),
    /** The real Property Data Service; unset means the embedded one, called in-process. */
    PROPERTY_API_BASE_URL: optionalUrl,
    PROPERTY_API_TOKEN: optionalString,
    PROPERTY_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** PostgreSQL; unset means embedded PGlite in DATA_DIR. */
    DATABASE_URL: optionalUrl,
    /**
     * Redis for the shared cache and rate limits; unset means in memory (one instance). Production on PostgreSQL
     * requires it.
     */
    REDIS_URL: optionalUrl,
    /** Signs session tokens; generated once and kept in DATA_DIR in embedded mode, required otherwise. */
    NEXTAUTH_SECRET: optionalString,
    /**
     * The app's public URL (next-auth's own variable); https makes session cookies Secure. Required in production, and
     * https there unless it is a loopback address (http://localhost, http://127.0.0.1: a trial on one machine, the
     * tests).
     */
    NEXTAUTH_URL: optionalUrl,
    /** An admin created at start when no account has this email (how a fresh production install gets its first). */
    BOOTSTRAP_ADMIN_EMAIL: z.preprocess((value) => (value === "" ? undefined : value), z.email().optional()),
    BOOTSTRAP_ADMIN_PASSWORD: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().min(12).optional(),
    ),
    /** How long answers stay fresh in the cache, per operation, in seconds. */
    CACHE_TTL_NORMALIZE: z.coerce
      .number()
      .int()
      .min(0)
      .default(30 * 86_400),
    CACHE_TTL_VERIFY: z.coerce.number().int().min(0).default(86_400),
    CACHE_TTL_VALUATION: z.coerce.number().int().min(0).default(86_400),
    CACHE_TTL_EQUITY: z.coerce.number().int().min(0).default(86_400),
    CACHE_TTL_SUMMARY: z.coerce
      .number()
      .int()
      .min(0)
      .default(7 * 86_400),
    CACHE_TTL_REPORT: z.coerce.number().int().min(0).default(86_400),
    CACHE_TTL_OWNER_DATA: z.coerce.number().int().min(0).default(3_600),
    /** Prefixes every cache and rate-limit key, so apps or test runs sharing one Redis keep apart. */
    CACHE_NAMESPACE: z
      .string()
      .regex(/^[\w.-]+$/)
      .default("v1"),
    /** How long past its freshness an answer may still be served, marked stale, when the service fails. */
    CACHE_STALE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(7 * 86_400),
    /** Requests that can reach the service, per minute: per signed-in user and per IP address. */
    RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Homeowner accounts one IP address may create per hour. */
    RATE_LIMIT_SIGNUP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Passkey sign-in challenges one IP address may ask for per minute. */
    RATE_LIMIT_PASSKEY_OPTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Proxies of ours in front of the app, each appending its peer to X-Forwarded-For. 0: the client is the socket's
     * peer and any X-Forwarded-For it sends is ignored; N: the N-th address from the right end of the header as the
     * proxies sent it (1 with one load balancer: the address it appended last).
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(20).default(0),
    /** Widget lookups per visitor IP per minute (anyone on the internet can reach the widget). */
    WIDGET_RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /**
     * The widget's "Get my full report" form: leading zero bits of the proof of work a visitor's browser solves
     * (SHA-256; 16 takes a phone about a second), the seconds a challenge must be held before it is answered, and the
     * leads each day per visitor IP, per network (IPv4 /24, IPv6 /48) and per house; per site, the leads taken before
     * new ones are held for review, and the ceiling past which the form answers 429.
     */
    WIDGET_LEAD_POW_BITS: z.coerce.number().int().min(0).max(28).default(16),
    WIDGET_LEAD_MIN_SECONDS: z.coerce.number().int().min(0).max(120).default(3),
    WIDGET_LEADS_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(5),
    WIDGET_LEADS_PER_NETWORK_PER_DAY: z.coerce.number().int().min(1).default(25),
    WIDGET_LEADS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(3),
    WIDGET_LEADS_PER_SITE_PER_DAY: z.coerce.number().int().min(1).default(200),
    WIDGET_LEADS_SITE_CEILING_PER_DAY: z.coerce.number().int().min(1).default(2000),
    /** Report links mailed to one email address a day (more leads for it are kept, unmailed). */
    WIDGET_REPORT_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).default(3),
    /** How long the report link mailed to a widget visitor works (7 days). */
    WIDGET_REPORT_LINK_SECONDS: z.coerce.number().int().min(1).default(604_800),
    /** Transient upstream failures in a row that open the circuit breaker, and how long it stays open. */
    CIRCUIT_BREAKER_FAILURES: z.coerce.number().int().min(1).default(5),
    CIRCUIT_BREAKER_HALF_OPEN_MS: z.coerce.number().int().min(100).default(10_000),
    /** Faults the embedded service injects, for tests: e.g. `rate=0.3,kinds=5xx+429+timeout+malformed+slow`. */
    SANDBOX_FAULTS: optionalString,
    /** The organization's maximum loan-to-value ratio for available equity. */
    ORG_MAX_LTV: z.coerce.number().min(0.01).max(1).default(0.8),
    /**
     * Whether this process runs background jobs (client refreshes, mail, housekeeping). Several processes on one
     * PostgreSQL may all run them: each job runs once. `false` for a process that should only serve requests.
     */
    JOB_WORKERS: flag("true"),
    /**
     * A client refresh whose process died is failed once its last heartbeat is this old, by a supervisor that looks
     * every JOB_SUPERVISE_SECONDS; it then runs again. pg-boss takes no heartbeat under 10 s. Tests shorten both.
     */
    JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3_600).default(30),
    JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
    /**
     * Whether this process applies the database's migrations when it starts (under a lock, so processes starting
     * together take turns). `false`: migrations run once, before the instances start (`npm run migrate`, the image's
     * `migrate` service), and the process waits until the database has them, answering readiness with 503 meanwhile.
     */
    MIGRATE_ON_START: flag("true"),
    /**
     * With MIGRATE_ON_START=false, how long a starting process waits for the migrations before it gives up (exit 1).
     */
    MIGRATION_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /**
     * On SIGTERM, readiness answers 503 at once and the server goes on serving this many seconds (so a load balancer
     * sees it and sends no new requests), then stops accepting connections, finishes those in flight and exits.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(5),
    /**
     * The organization's current note rate (percent) for a rate-and-term refinance: a client's rate 0.75 point above it
     * is one.
     */
    ORG_CURRENT_RATE: z.coerce.number().min(0).max(30).default(6.25),
    /**
     * Client portfolio: the least available equity (dollars) that makes a home equity line, and a cash-out, worth a
     * call.
     */
    OPPORTUNITY_HELOC_MIN: z.coerce.number().int().min(0).default(25_000),
    OPPORTUNITY_CASH_OUT_MIN: z.coerce.number().int().min(0).default(50_000),
    /**
     * Client portfolio, what makes a refinance worth its costs (docs/portfolio.md, "The opportunity rules"): the least
     * fall of the rate in points, the months within which the saving must repay the closing costs, the closing costs
     * (a percent of the new loan plus fixed dollars), and the least balance and months left.
     */
    REFINANCE_RATE_MARGIN: z.coerce.number().min(0).max(5).default(0.75),
    REFINANCE_BREAK_EVEN_MONTHS: z.coerce.number().int().min(1).max(360).default(36),
    CLOSING_COST_PERCENT: z.coerce.number().min(0).max(10).default(2),
    CLOSING_COST_FIXED: z.coerce.number().int().min(0).max(100_000).default(3_000),
    REFINANCE_MIN_BALANCE: z.coerce.number().int().min(0).default(50_000),
    REFINANCE_MIN_MONTHS: z.coerce.number().int().min(0).max(480).default(60),
    /** Scheduled client refreshes a month (each at most one billable call) until an admin sets the budget. */
    REFRESH_BUDGET_MONTHLY: z.coerce.number().int().min(0).default(1_000),
    /**
     * Where embedded mode keeps its files (PGlite data, the generated secret); a relative one is the project folder's.
     */
    DATA_DIR: z
      .string()
      .min(1)
      .default(".data")
      .transform((value) => resolve(projectDir(), value)),
    /** How the valuation is branded: the service's name, logo, and the disclaimer shown with every estimate. */
    BRAND_PROVIDER_NAME: z.string().min(1).default("Property Data Service"),
    BRAND_LOGO_URL: z.string().min(1).default("/brand/property-data-service.svg"),
    BRAND_DISCLAIMER: z
      .string()
      .min(1)
      .default(
        "This is an automated estimate of market value, not an appraisal. Use it as a starting point, not as the price.",
      ),
    BRAND_METHODOLOGY_URL: z.string().min(1).default("/how-estimates-work"),
    /**
     * Mail: SMTP when set (`smtp://user:pass@host:587`); unset keeps every message in the outbox (`/admin/outbox`),
     * which only the embedded defaults allow: production requires it.
     */
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default("Home dashboard <no-reply@localhost>"),
    /** A print-and-mail provider for the letters with ownership codes; unset keeps letters in the outbox. */
    POSTAL_API_URL: optionalUrl,
    POSTAL_API_KEY: optionalString,
    /**
     * The key that encrypts secrets at rest (authenticator apps' secrets): 32 bytes as base64 or hex. Required in
     * production; in embedded mode generated once and kept in DATA_DIR. `DATA_ENCRYPTION_KEY_PREVIOUS`
     * (comma-separated) still decrypts what an earlier key encrypted while `npm run keys:rotate` re-encrypts it.
     */
    DATA_ENCRYPTION_KEY: key32,
    DATA_ENCRYPTION_KEY_PREVIOUS: keyList,
    /**
     * The key of the activity log's chain (each row's hash is an HMAC under it, so whoever can write the table cannot
     * rebuild it): 32 bytes as base64 or hex. Required in production; in embedded mode generated once into DATA_DIR.
     * `AUDIT_HMAC_KEY_PREVIOUS` (comma-separated) still verifies the rows an earlier key chained.
     */
    AUDIT_HMAC_KEY: key32,
    AUDIT_HMAC_KEY_PREVIOUS: keyList,
    /**
     * Where the log's signed checkpoints go, outside the database: a folder as `file:///path`. Unset: a folder in
     * DATA_DIR (with several instances, give them one shared folder so that each checks against the newest).
     */
    AUDIT_CHECKPOINT_URL: optionalUrl.refine(
      (value) => value === undefined || value.startsWith("file:///"),
      "must be a folder as file:///path (an S3 bucket needs a request signer this build does not include)",
    ),
    /** Staff sessions (loan officers, admins) end after this many minutes without a request (and 12 hours in all). */
    STAFF_IDLE_MINUTES: z.coerce.number().positive().max(720).default(30),
    /**
     * Sensitive actions (role changes, factor resets, exports) go ahead this many minutes after a second factor was
     * given.
     */
    STEP_UP_MINUTES: z.coerce.number().positive().max(60).default(10),
    /** The activity log's rows are kept this many days (seven years), then removed by the daily housekeeping job. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(2_555),
    /**
     * A homeowner account that has not signed in and received no mail for this many days is deleted by the daily
     * housekeeping job (the Safeguards Rule's two years), after a warning email 30 days before.
     */
    RETENTION_DAYS: z.coerce.number().int().min(31).max(36_500).default(730),
    /** Single sign-on for staff through the organization's OpenID Connect provider (all three, or none). */
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    /** The ID token's claim that carries the person's groups, and the values of it that make an officer or an admin. */
    OIDC_ROLE_CLAIM: z.string().min(1).default("groups"),
    OIDC_OFFICER_VALUES: commaList("loan_officer"),
    OIDC_ADMIN_VALUES: commaList("admin"),
    /**
     * A second factor the identity provider asserts (`amr` mfa, or two kinds of factor; or an acr below) counts as the
     * app's own.
     */
    OIDC_TRUSTS_IDP_MFA: flag("false"),
    /** The provider's `acr` values that mean a multi-factor sign-in (with OIDC_TRUSTS_IDP_MFA). */
    OIDC_MFA_ACR_VALUES: commaList(""),
    /**
     * A single sign-on whose sign-in at the provider (`auth_time`) is older than this is refused; sent as `max_age`.
     */
    OIDC_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(43_200),
    /**
     * A single sign-on session asks the provider (refresh token) for the person's groups again after this many minutes.
     */
    OIDC_RECHECK_MINUTES: z.coerce.number().positive().max(1_440).default(60),
    /** `false`: staff sign in through single sign-on only (needs OIDC_ISSUER); homeowners keep their passwords. */
    STAFF_PASSWORDS: flag("true"),
    /**
     * The bearer token a Prometheus scraper sends to `GET /api/metrics`; unset turns the route off (404) and records no
     * metric. At least 32 characters: it is the only thing between the internet and the app's internals.
     */
    METRICS_TOKEN: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
    ),
    /**
     * Traces: exported over OTLP when either endpoint is set, and the SDK is not even loaded otherwise. The SDK reads
     * these and the other standard OTEL_* variables itself (OTEL_EXPORTER_OTLP_PROTOCOL, _HEADERS, OTEL_TRACES_SAMPLER,
     * OTEL_BSP_SCHEDULE_DELAY, …); they are declared here so that a bad URL stops the start and the table of
     * docs/operations.md has one source. OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) names the
     * service, by default `homeowner-dashboard`.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
    /** How spans travel: OTLP over HTTP as protobuf (the default), as JSON, or over gRPC. */
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
    OTEL_SERVICE_NAME: optionalString,
    OTEL_RESOURCE_ATTRIBUTES: optionalString,
    /**
     * Webhooks may go to private, loopback and link-local addresses (development and tests); false: only to public
     * ones, checked after DNS resolution (SSRF), and registration takes only https URLs.
     */
    WEBHOOKS_ALLOW_PRIVATE: flag("false"),
    /** A factor on the webhooks' retry schedule and its 3 days (tests: 0.0005 makes them seconds); 1 in production. */
    WEBHOOKS_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
    /** The standalone embedded service (`npm run sandbox`): its port and its token (generated when unset). */
    PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    SANDBOX_TOKEN: optionalString,
  })
  .superRefine(
    (env, ctx) => {
      // Production (a real upstream): nothing is generated into a data folder; every instance gets the same secrets.
      if (env.NODE_ENV === "production" && !embeddedEnv(env)) {
        if (!env.NEXTAUTH_SECRET)
          ctx.addIssue({
            code: "custom",
            path: ["NEXTAUTH_SECRET"],
            message: "is required in production (a random secret: openssl rand -base64 32)",
          });
        if (!env.DATA_ENCRYPTION_KEY)
          ctx.addIssue({
            code: "custom",
            path: ["DATA_ENCRYPTION_KEY"],
            message: "is required in production (32 random bytes, base64: openssl rand -base64 32)",
          });
        for (const issue of unsafeProductionSettings(env)) ctx.addIssue({ code: "custom", ...issue });
        if (!env.AUDIT_HMAC_KEY)
          ctx.addIssue({
            code: "custom",
            path: ["AUDIT_HMAC_KEY"],
            message: "is required in production (32 random bytes, base64: openssl rand -base64 32)",
          });
      }
      const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
      if (oidc > 0 && oidc < 3) {
        for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const)
          if (!env[name])
            ctx.addIssue({
              code: "custom",
              path: [name],
              message:
                "is required for single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together)",
            });
      }
      if (!env.STAFF_PASSWORDS && !env.OIDC_ISSUER) {
        ctx.addIssue({
          code: "custom",
          path: ["STAFF_PASSWORDS"],
          message: "can be false only with single sign-on (OIDC_ISSUER)",
        });
      }
      if (!env.MIGRATE_ON_START && !env.DATABASE_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["MIGRATE_ON_START"],
          message:
            "can be false only with DATABASE_URL (embedded PGlite has one process, which migrates it at its start)",
        });
      }
      if (env.BOOTSTRAP_ADMIN_EMAIL && !env.BOOTSTRAP_ADMIN_PASSWORD) {
        ctx.addIssue({
          code: "custom",
          path: ["BOOTSTRAP_ADMIN_PASSWORD"],
          message: "is required with BOOTSTRAP_ADMIN_EMAIL (12 characters at least)",
        });
      }
      if (env.POSTAL_API_URL && !env.POSTAL_API_KEY) {
        ctx.addIssue({ code: "custom", path: ["POSTAL_API_KEY"], message: "is required when POSTAL_API_URL is set" });
      }
      if (env.PROPERTY_API_BASE_URL && !env.PROPERTY_API_TOKEN) {
        ctx.addIssue({
          code: "custom",
          path: ["PROPERTY_API_TOKEN"],
          message: "is required when PROPERTY_API_BASE_URL is set",
        });
      }
    },
    // Also when a variable above is bad, so that a start lists every problem at once (zod skips refinements otherwise);
    // a bad variable's raw value then reaches these checks, which only ask whether one is set.
    { when: () => true },
  );

export type Env = z.infer<typeof EnvSchema>;

/** Validates an environment; throws one error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return result.data;
}

/** The validated configuration of this process: the only place that reads process.env. */
export const env: Env = parseEnv(process.env);

/** The service's branding, handed to the one component that shows a valuation. */
export const brand = {
  provider: env.BRAND_PROVIDER_NAME,
  logoUrl: env.BRAND_LOGO_URL,
  disclaimer: env.BRAND_DISCLAIMER,
  methodologyUrl: env.BRAND_METHODOLOGY_URL,
};
export type Brand = typeof brand;

/** Embedded mode: no vendor account, the in-process service is the upstream and demo data is allowed. */
export const embedded = embeddedEnv(env);

/** The app's public origin, for links in mail: NEXTAUTH_URL, never a request's Host header (which anyone can set). */
export const appOrigin = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : `http://localhost:${env.PORT ?? 3000}`;
/**
 * Every origin the app is served from: appOrigin, and without NEXTAUTH_URL its loopback twin (`next start` on PORT).
 */
export const appOrigins: readonly string[] = env.NEXTAUTH_URL
  ? [appOrigin]
  : [appOrigin, `http://127.0.0.1:${env.PORT ?? 3000}`];
