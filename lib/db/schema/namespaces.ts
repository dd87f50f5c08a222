import { pgSchema } from "drizzle-orm/pg-core";

/** Tables of the embedded Property Data Service: what a real vendor would keep on its side. */
export const sandbox = pgSchema("sandbox");

/** Tables of the app itself. */
export const app = pgSchema("app");
