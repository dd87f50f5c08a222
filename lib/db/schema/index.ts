/** The app's tables, by area (drizzle-kit reads them through this file: drizzle.config.ts). */
export * from "./namespaces";
export * from "./sandbox";
export * from "./accounts";
export * from "./ownership";
export * from "./mail";
export * from "./service";
export * from "./homes";
export * from "./portfolio";
export * from "./audit";
export * from "./lookups";
export * from "./leads";
