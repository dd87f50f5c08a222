import "server-only";

/** Writes a signed checkpoint of the activity log outside the database (not yet: issue 38 item 9). */
export async function writeAuditCheckpoint(): Promise<void> {}
