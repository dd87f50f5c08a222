import { afterEach, expect, inject } from "vitest";
import { takeViolations } from "./openapi-check";
import { TEST_AUDIT_KEY, TEST_DATA_KEY } from "./processes";

// Every test file of the run talks to the run's own PostgreSQL database (made by setup.ts), whatever it reads:
// process.env.DATABASE_URL is set here, before the file is imported.
const { databaseUrl, templateDir } = inject("apps");
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
// The migrated, seeded data folder an app of a file's own starts from a copy of (processes.ts's startOwnApp).
process.env.INTEGRATION_TEMPLATE_DIR = templateDir;
// Apps on a real upstream run as in production, where secrets at rest need their key: one for the run's apps.
process.env.DATA_ENCRYPTION_KEY ??= TEST_DATA_KEY;
process.env.AUDIT_HMAC_KEY ??= TEST_AUDIT_KEY;

// Every answer of a documented route that this test received must be one the OpenAPI document describes.
afterEach(() => {
  expect(takeViolations(), "answers that /api/openapi.json does not describe").toEqual([]);
});
