import { inject } from "vitest";

// Every test file of the run talks to the run's own PostgreSQL database (made by setup.ts), whatever it reads:
// process.env.DATABASE_URL is set here, before the file is imported.
const { databaseUrl } = inject("apps");
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
