export { createPropertyApiClient, REPORT_MEDIA_TYPES } from "./client";
export type { ClientOptions, Fetch, PropertyApiClient, ReportFile, ReportFormat } from "./client";
export { isRetryable, PropertyApiError, STATUS_MEANINGS } from "./errors";
export type { FailureKind, Operation } from "./errors";
export * from "./schemas/common";
export * from "./schemas/normalize";
export * from "./schemas/operations";
export * from "./schemas/property-summary";
export * from "./schemas/report";
