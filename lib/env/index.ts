import { z } from "zod";

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());
const optionalString = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** The real Property Data Service; unset means the embedded one, called in-process. */
    PROPERTY_API_BASE_URL: optionalUrl,
    PROPERTY_API_TOKEN: optionalString,
    PROPERTY_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** PostgreSQL; unset means embedded PGlite in DATA_DIR. */
    DATABASE_URL: optionalUrl,
    /** Redis for the shared cache and rate limits; unset means in memory (one instance). */
    REDIS_URL: optionalUrl,
    NEXTAUTH_SECRET: optionalString,
    /** The organization's maximum loan-to-value ratio for available equity. */
    ORG_MAX_LTV: z.coerce.number().gt(0).max(1).default(0.8),
    /** Where embedded mode keeps its files (PGlite data, the generated secret). */
    DATA_DIR: z.string().min(1).default(".data"),
    /** How the valuation is branded: the service's name, logo, and the disclaimer shown with every estimate. */
    BRAND_PROVIDER_NAME: z.string().min(1).default("Property Data Service"),
    BRAND_LOGO_URL: z.string().min(1).default("/brand/property-data-service.svg"),
    BRAND_DISCLAIMER: z
      .string()
      .min(1)
      .default("This is an automated estimate of market value, not an appraisal. Use it as a starting point, not as the price."),
    BRAND_METHODOLOGY_URL: z.string().min(1).default("/how-estimates-work"),
    /** The standalone embedded service (`npm run sandbox`): its port and its token (generated when unset). */
    PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    SANDBOX_TOKEN: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.PROPERTY_API_BASE_URL && !env.PROPERTY_API_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["PROPERTY_API_TOKEN"],
        message: "is required when PROPERTY_API_BASE_URL is set",
      });
    }
  });

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
export const embedded = env.PROPERTY_API_BASE_URL === undefined;
